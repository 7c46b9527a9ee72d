// Adapters over the unmasking functions of two Go WebSocket libraries, built from Debian's Go
// packages (GOPATH /usr/share/gocode). Both functions are unexported; go:linkname reaches them.
// entries.c declares them to maskcheck.
package main

// #include <stddef.h>
// #include <stdint.h>
import "C"

import (
	"encoding/binary"
	"unsafe"

	_ "github.com/gorilla/websocket"
	_ "nhooyr.io/websocket"
)

// gorilla/websocket: unmasks b in place from key position pos; returns the next position.
//
//go:linkname gorillaMaskBytes github.com/gorilla/websocket.maskBytes
func gorillaMaskBytes(key [4]byte, pos int, b []byte) int

// coder/websocket (nhooyr.io/websocket): unmasks b in place with the key as a little-endian word;
// returns the key rotated for the next byte.
//
//go:linkname coderMask nhooyr.io/websocket.mask
func coderMask(key uint32, b []byte) uint32

func bytesAt(p unsafe.Pointer, n C.size_t) []byte {
	return unsafe.Slice((*byte)(p), int(n))
}

//export gorillaUnmask
func gorillaUnmask(data unsafe.Pointer, n C.size_t, key unsafe.Pointer, phase C.uint32_t) C.uint32_t {
	return C.uint32_t(gorillaMaskBytes(*(*[4]byte)(key), int(phase), bytesAt(data, n)))
}

//export coderUnmask
func coderUnmask(data unsafe.Pointer, n C.size_t, key unsafe.Pointer) {
	word := bytesAt(key, 4)
	binary.LittleEndian.PutUint32(word, coderMask(binary.LittleEndian.Uint32(word), bytesAt(data, n)))
}

func main() {}
