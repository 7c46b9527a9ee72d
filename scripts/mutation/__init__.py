"""scripts/mutate's parts: the mutants, the slots, the two rooms, the runner and the report."""
