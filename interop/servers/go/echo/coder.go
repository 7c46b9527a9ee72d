// coder/websocket, a.k.a. nhooyr.io/websocket 1.8.7 (Debian's package, GOPATH mode), behind the
// echo server.
package main

import (
	"context"
	"net/http"

	"nhooyr.io/websocket"
)

func coderEcho(w http.ResponseWriter, r *http.Request) {
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		InsecureSkipVerify: true, // any Origin may connect
		CompressionMode:    coderCompression(),
	})
	if err != nil {
		return // Accept has already answered with an HTTP error
	}
	// As the library's own echo loop (internal/test/wstest): the library writes the close frame for
	// the errors it classifies; Close is then a no-op, and otherwise sends 1011.
	defer conn.Close(websocket.StatusInternalError, "")
	conn.SetReadLimit(maxMessage)
	ctx := context.Background() // no deadline: a slow test connection must stay open
	for {
		kind, message, err := conn.Read(ctx)
		if err != nil {
			return
		}
		if counting && kind == websocket.MessageBinary {
			continue
		}
		if conn.Write(ctx, kind, message) != nil {
			return
		}
	}
}

// Context takeover when asked: the mode that keeps each direction's window across messages.
func coderCompression() websocket.CompressionMode {
	if deflate {
		return websocket.CompressionContextTakeover
	}
	return websocket.CompressionDisabled
}
