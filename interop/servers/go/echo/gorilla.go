// gorilla/websocket (Debian's package, GOPATH mode) behind the echo server.
package main

import (
	"net/http"
	"time"

	"github.com/gorilla/websocket"
)

var upgrader = websocket.Upgrader{
	CheckOrigin:       func(*http.Request) bool { return true }, // any client may connect
	EnableCompression: deflate,                                  // without context takeover
}

func gorillaEcho(w http.ResponseWriter, r *http.Request) {
	conn, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // Upgrade has already answered with an HTTP error
	}
	defer conn.Close()
	conn.SetReadLimit(maxMessage)
	for {
		kind, message, err := conn.ReadMessage()
		if err != nil {
			// gorilla writes the close for protocol errors, a client close and a declared length over
			// the limit itself; ErrReadLimit also comes from a length with its top bit set, where it
			// writes none. A second close write is a no-op (ErrCloseSent).
			if err == websocket.ErrReadLimit {
				conn.WriteControl(websocket.CloseMessage,
					websocket.FormatCloseMessage(websocket.CloseMessageTooBig, ""),
					time.Now().Add(time.Second))
			}
			return
		}
		if counting && kind == websocket.BinaryMessage {
			continue
		}
		if conn.WriteMessage(kind, message) != nil {
			return
		}
	}
}
