// gorilla/websocket (Debian's package, GOPATH mode) behind the echo client.
package main

import "github.com/gorilla/websocket"

func gorillaEcho(url string) error {
	dialer := *websocket.DefaultDialer
	dialer.EnableCompression = deflate // an offer without context takeover
	conn, _, err := dialer.Dial(url, nil)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetReadLimit(maxMessage)
	// Pings are answered and a close is answered by the library's default handlers, inside reads.
	for {
		kind, message, err := conn.ReadMessage()
		if err != nil {
			return nil // the connection ended: the run is over for this client
		}
		if err := conn.WriteMessage(kind, message); err != nil {
			return nil
		}
	}
}
