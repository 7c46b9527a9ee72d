#!/usr/bin/env bash
# The property tests with the seeds docs/testing.md shows, as written (about 15 s in all): each passes.
# Usage: properties.sh CHECKOUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
documented 'RC_PARAMS="seed=42" build/release/bin/property_tests' --gtest_brief=1
documented "RC_PARAMS=\"seed=42 max_success=20000\" build/release/bin/property_tests --gtest_filter='*block*'" \
  --gtest_brief=1
