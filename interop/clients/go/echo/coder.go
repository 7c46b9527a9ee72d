// coder/websocket, a.k.a. nhooyr.io/websocket 1.8.7 (Debian's package, GOPATH mode), behind the
// echo client.
package main

import (
	"context"

	"nhooyr.io/websocket"
)

func coderEcho(url string) error {
	ctx := context.Background() // no deadline: a slow test connection must stay open
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{
		CompressionMode: coderCompression(),
	})
	if err != nil {
		return err
	}
	defer conn.Close(websocket.StatusInternalError, "")
	conn.SetReadLimit(maxMessage)
	// Pings and a close are answered by the library inside Read.
	for {
		kind, message, err := conn.Read(ctx)
		if err != nil {
			return nil // the connection ended: the run is over for this client
		}
		if conn.Write(ctx, kind, message) != nil {
			return nil
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
