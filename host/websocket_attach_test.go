package host

import (
	"context"
	"testing"
)

// What an object sends to a network end between TakeWebSocket and Attach (the server's
// handshake runs there) waits for Attach and arrives in order, before what follows.
func TestWebSocketSendsBeforeAttachArriveInOrder(t *testing.T) {
	e := deployRoom(t, Options{})
	ann, annPeer := connect(t, e, "r", "?tag=red&who=ann")
	resp, err := e.Fetch(context.Background(), "Room", "r", FetchRequest{Method: "GET", URL: "/ws?tag=red&who=bob",
		Headers: [][2]string{{"upgrade", "websocket"}}})
	if err != nil {
		t.Fatal(err)
	}
	bob, err := e.TakeWebSocket(resp)
	if err != nil {
		t.Fatal(err)
	}
	send(t, ann, "all:red")
	send(t, ann, "who")
	annPeer.next(t) // all:red
	annPeer.next(t) // who: the object sent bob's all:red before it
	bobPeer := newTestPeer()
	bob.Attach(bobPeer)
	send(t, ann, "all:red")
	for i := range 2 {
		if got := bobPeer.next(t); got != "all:red" {
			t.Fatalf("message %d to bob: %q", i, got)
		}
	}
	send(t, bob, "echo")
	if got := bobPeer.next(t); got != "echo:echo" {
		t.Fatalf("bob after attaching: %q", got)
	}
}
