// Echo clients over the Go WebSocket libraries, for maskcheck wire --client: `echo gorilla` or
// `echo coder` connects to $MASKCHECK_URL and sends back every message.
package main

import (
	"fmt"
	"os"
)

const maxMessage = 64 << 20

var libraries = map[string]func(url string) error{"gorilla": gorillaEcho, "coder": coderEcho}

// MASKCHECK_DEFLATE=1: permessage-deflate, as each library offers it.
var deflate = os.Getenv("MASKCHECK_DEFLATE") == "1"

func main() {
	echo, known := func(string) error(nil), len(os.Args) == 2
	if known {
		echo, known = libraries[os.Args[1]]
	}
	if !known {
		fmt.Fprintln(os.Stderr, "usage: echo gorilla|coder")
		os.Exit(2)
	}
	url := os.Getenv("MASKCHECK_URL")
	if url == "" {
		fmt.Fprintln(os.Stderr, "echo client: MASKCHECK_URL is not set")
		os.Exit(2)
	}
	if err := echo(url); err != nil {
		fmt.Fprintln(os.Stderr, "echo client:", err)
		os.Exit(1)
	}
}
