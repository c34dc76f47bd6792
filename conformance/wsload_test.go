package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// fakeRooms is a chat server in Go that speaks the rooms' protocol (join with ?name=,
// {"text"} in, "join" and "message" to every socket of the room), and /metrics with no
// resident object.
func fakeRooms(t *testing.T) *httptest.Server {
	var mu sync.Mutex
	rooms := map[string][]*websocket.Conn{}
	broadcast := func(room string, v any) {
		b, _ := json.Marshal(v)
		mu.Lock()
		conns := append([]*websocket.Conn(nil), rooms[room]...)
		mu.Unlock()
		for _, c := range conns {
			c.Write(context.Background(), websocket.MessageText, b)
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/metrics", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("# TYPE sobjects_resident_objects gauge\nsobjects_resident_objects 0\n"))
	})
	mux.HandleFunc("/chat/{room}", func(w http.ResponseWriter, r *http.Request) {
		room, name := r.PathValue("room"), r.URL.Query().Get("name")
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		mu.Lock()
		rooms[room] = append(rooms[room], c)
		n := len(rooms[room])
		mu.Unlock()
		c.Write(r.Context(), websocket.MessageText, []byte(`{"type":"history","messages":[]}`))
		broadcast(room, map[string]any{"type": "join", "name": name, "online": n})
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				return
			}
			var m struct{ Text string }
			json.Unmarshal(b, &m)
			broadcast(room, map[string]any{"type": "message", "from": name, "text": m.Text})
		}
	})
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// Broadcast counts every socket's copy of every measured message, and loses none.
func TestWSLoadBroadcastCountsEveryDelivery(t *testing.T) {
	s := fakeRooms(t)
	r, err := RunWSLoad(context.Background(), WSLoadOptions{RoomURL: s.URL + "/chat/{room}", Clients: 20, Duration: 200 * time.Millisecond, Warmup: -1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Sent == 0 || r.Deliveries != r.Sent*20 || r.Lost != 0 || r.Throughput <= 0 || r.P50 <= 0 || r.P99 < r.P50 || r.Max < r.P99 {
		t.Fatalf("result %+v", r)
	}
	if !strings.Contains(r.String(), "deliveries/s") {
		t.Fatal(r.String())
	}
}

// Wake sends two messages to each room and times both; the fake server has no resident
// object, so the rooms count as evicted.
func TestWSLoadWakeTimesEachRoom(t *testing.T) {
	s := fakeRooms(t)
	r, err := RunWSLoad(context.Background(), WSLoadOptions{RoomURL: "ws" + strings.TrimPrefix(s.URL, "http") + "/chat/{room}", Mode: WSWake, Clients: 30, Rooms: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Evicted || r.WakeP50 <= 0 || r.WarmP50 <= 0 || r.Rooms != 3 {
		t.Fatalf("result %+v", r)
	}
}

func TestWSLoadOptions(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    WSLoadOptions
	}{
		{"ErrNoRoom", WSLoadOptions{RoomURL: "http://h/chat"}},
		{"ErrScheme", WSLoadOptions{RoomURL: "ftp://h/{room}"}},
		{"ErrMode", WSLoadOptions{RoomURL: "http://h/{room}", Mode: "echo"}},
		{"ErrRoomsOfBroadcast", WSLoadOptions{RoomURL: "http://h/{room}", Rooms: 2}},
		{"ErrFewerClientsThanRooms", WSLoadOptions{RoomURL: "http://h/{room}", Mode: WSWake, Clients: 5, Rooms: 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := RunWSLoad(context.Background(), tc.o); !errors.Is(err, ErrInvalidOptions) {
				t.Fatalf("err %v, want ErrInvalidOptions", err)
			}
		})
	}
	t.Run("OK", func(t *testing.T) {
		o, err := WSLoadOptions{RoomURL: "https://h:1/r/{room}", Mode: WSWake}.withDefaults()
		if err != nil || o.RoomURL != "wss://h:1/r/{room}" || o.MetricsURL != "https://h:1/metrics" || o.Rooms != 100 || o.Clients != 100 {
			t.Fatalf("%+v, %v", o, err)
		}
	})
}
