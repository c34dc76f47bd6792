package cluster

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/sobjects/sobjects/internal/testetcd"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// Many goroutines on two nodes claim and release a few objects at random; afterwards
// each node's Owned is exactly the owner keys etcd has under its name, and no object was
// ever held by both nodes at one epoch.
func TestClaimAndReleaseHammer(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{Members: 1})
	nodes := []*Node{join(t, c, "a", Config{}), join(t, c, "b", Config{})}
	const goroutines, ops, objects = 8, 40, 5
	var mu sync.Mutex
	holder := map[int64]string{} // epoch -> node that won it
	var wg sync.WaitGroup
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for i := 0; i < ops; i++ {
				n := nodes[r.IntN(len(nodes))]
				id := fmt.Sprint("obj", r.IntN(objects))
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				switch r.IntN(3) {
				case 0, 1:
					o, err := n.Claim(ctx, id)
					if err == nil {
						mu.Lock()
						if h, ok := holder[o.Epoch]; ok && h != n.Name() {
							t.Errorf("epoch %d won by %s and %s", o.Epoch, h, n.Name())
						}
						holder[o.Epoch] = n.Name()
						mu.Unlock()
					} else if !errors.Is(err, ErrOwned) {
						t.Error(err)
					}
				case 2:
					if err := n.Release(ctx, id); err != nil && !errors.Is(err, ErrNotOwner) {
						t.Error(err)
					}
				}
				_, _ = n.Holds(id)
				_ = n.Owned()
				cancel()
			}
		}()
	}
	wg.Wait()
	resp, err := c.Client().Get(context.Background(), DefaultPrefix+"owners/", clientv3.WithPrefix())
	if err != nil {
		t.Fatal(err)
	}
	inEtcd := map[string][]string{}
	for _, kv := range resp.Kvs {
		m, err := decodeMember(kv.Value)
		if err != nil {
			t.Fatal(err)
		}
		inEtcd[m.Name] = append(inEtcd[m.Name], fmt.Sprintf("%s@%d", kv.Key[len(DefaultPrefix+"owners/"):], kv.CreateRevision))
	}
	for _, n := range nodes {
		var owned []string
		for id, e := range n.Owned() {
			owned = append(owned, fmt.Sprintf("%s@%d", id, e))
		}
		sort.Strings(owned)
		sort.Strings(inEtcd[n.Name()])
		if fmt.Sprint(owned) != fmt.Sprint(inEtcd[n.Name()]) {
			t.Errorf("%s owns %v; etcd says %v", n.Name(), owned, inEtcd[n.Name()])
		}
	}
}
