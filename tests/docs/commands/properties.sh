#!/usr/bin/env bash
# The property tests with the seeds docs/testing.md shows (fewer cases for the second, the block
# kernel's properties): each passes.
# Usage: properties.sh PROPERTY_TESTS
set -euo pipefail
RC_PARAMS="seed=42 max_success=200" "$1" --gtest_brief=1
RC_PARAMS="seed=42 max_success=2000" "$1" --gtest_filter='*block*' --gtest_brief=1
