// Carries the precompiled GoogleTest and RapidCheck headers the test targets share.
