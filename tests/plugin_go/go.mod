module maskcheck.test/plugin

go 1.19
