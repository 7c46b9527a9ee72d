// Echo servers over the Go WebSocket libraries, for maskcheck wire: `echo gorilla` or `echo coder`.
package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
)

const maxMessage = 16 << 20

// MASKCHECK_COUNT=1 (maskcheck throughput): binary messages are taken, not echoed; text still is.
var counting = os.Getenv("MASKCHECK_COUNT") == "1"

// MASKCHECK_DEFLATE=1: permessage-deflate, as each library offers it.
var deflate = os.Getenv("MASKCHECK_DEFLATE") == "1"

var libraries = map[string]http.HandlerFunc{"gorilla": gorillaEcho, "coder": coderEcho}

func main() {
	handler, known := http.HandlerFunc(nil), len(os.Args) == 2
	if known {
		handler, known = libraries[os.Args[1]]
	}
	if !known {
		fmt.Fprintln(os.Stderr, "usage: echo gorilla|coder")
		os.Exit(2)
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("listening %d\n", listener.Addr().(*net.TCPAddr).Port) // os.Stdout is unbuffered
	// No read, write or idle timeouts: a slow test connection must stay open.
	fmt.Fprintln(os.Stderr, http.Serve(listener, handler))
	os.Exit(1)
}
