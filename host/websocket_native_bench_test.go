package host

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// echoPeer signals each message the object sends.
type echoPeer struct{ got chan struct{} }

func (p echoPeer) Message(bool, []byte) { p.got <- struct{}{} }
func (p echoPeer) Close(int, string)    {}

// BenchmarkNativeWebSocketWakeup is the wake-up of a hibernated Rust object (issue 18):
// 100 testkit objects, each with an open WebSocket; every 100 messages all of them are
// evicted, so that each message activates its object again. It reports the time from
// a client's message to the object's echo reaching the client's end (p50, p99).
// TestNativeWebSocketHostFunctions checks the echo.
func BenchmarkNativeWebSocketWakeup(b *testing.B) { benchNativeWebSocket(b, true) }

// BenchmarkNativeWebSocketEcho is BenchmarkNativeWebSocketWakeup with the objects
// resident: the cost of one message and its echo.
func BenchmarkNativeWebSocketEcho(b *testing.B) { benchNativeWebSocket(b, false) }

func benchNativeWebSocket(b *testing.B, evict bool) {
	e := newEngine(b, Options{IdleEvict: -1})
	ctx := context.Background()
	const n = 100
	sockets := make([]*WebSocket, n)
	peers := make([]echoPeer, n)
	for i := range n {
		resp, err := e.Fetch(ctx, "testkit", fmt.Sprint("ws-", i), FetchRequest{Method: "GET", URL: "/",
			Headers: [][2]string{{"upgrade", "websocket"}}})
		if err != nil {
			b.Fatal(err)
		}
		if sockets[i], err = e.TakeWebSocket(resp); err != nil {
			b.Fatal(err)
		}
		peers[i] = echoPeer{got: make(chan struct{}, 1)}
		sockets[i].Attach(peers[i])
	}
	msg := []byte("hello")
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		if evict && i%n == 0 {
			b.StopTimer()
			for e.evictIdle(time.Now().Add(time.Hour)); e.hibernatedSockets() != n; e.evictIdle(time.Now().Add(time.Hour)) {
				time.Sleep(time.Millisecond) // the last echo's call is still finishing
			}
			b.StartTimer()
		}
		start := time.Now()
		if err := sockets[i%n].Send(ctx, true, msg); err != nil {
			b.Fatal(err)
		}
		<-peers[i%n].got
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportLatency(b, lat)
}
