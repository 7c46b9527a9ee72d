// A plug-in kernel written in Go, built with go build -buildmode=c-shared: the unmasking loop is
// Go; entries.c declares it to maskcheck through the C header, as C data.
package main

// #include <stddef.h>
// #include <stdint.h>
import "C"

import "unsafe"

// xorBytes unmasks count bytes: payload byte i with key[(phase + i) % 4].
func xorBytes(dst, src, key unsafe.Pointer, count C.size_t, phase C.uint32_t) {
	out := unsafe.Slice((*byte)(dst), int(count))
	in := unsafe.Slice((*byte)(src), int(count))
	k := unsafe.Slice((*byte)(key), 4)
	for i := range out {
		out[i] = in[i] ^ k[(uint32(phase)+uint32(i))&3]
	}
}

//export goUnmaskExact
func goUnmaskExact(dst, src unsafe.Pointer, n C.size_t, key unsafe.Pointer, phase C.uint32_t) C.uint32_t {
	xorBytes(dst, src, key, n, phase)
	return C.uint32_t((uint64(phase) + uint64(n)) & 3)
}

//export goUnmaskInPlace
func goUnmaskInPlace(data unsafe.Pointer, n C.size_t, key unsafe.Pointer) {
	xorBytes(data, data, key, n, 0)
}

func main() {}
