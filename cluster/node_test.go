package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sobjects/sobjects/internal/testetcd"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// join joins a node named name to c's etcd, with cfg's other fields, and closes it when
// the test ends.
func join(t *testing.T, c *testetcd.Cluster, name string, cfg Config) *Node {
	t.Helper()
	cfg.Name = name
	if cfg.Peer == "" {
		cfg.Peer = "http://" + name + ".test:7946"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	n, err := Join(ctx, c.Client(), cfg)
	if err != nil {
		t.Fatalf("join %s: %v", name, err)
	}
	t.Cleanup(func() { _ = n.Close(context.Background()) })
	return n
}

func claim(t *testing.T, n *Node, id string) Owner {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	o, err := n.Claim(ctx, id)
	if err != nil {
		t.Fatalf("%s claims %s: %v", n.Name(), id, err)
	}
	return o
}

func TestTwoNodesRacingForAnObjectOneWins(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{})
	a, b := join(t, c, "a", Config{}), join(t, c, "b", Config{})
	const racers = 8
	type result struct {
		node string
		o    Owner
		err  error
	}
	results := make(chan result, 2*racers)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < racers; i++ {
		for _, n := range []*Node{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				o, err := n.Claim(context.Background(), "obj")
				results <- result{n.Name(), o, err}
			}()
		}
	}
	close(start)
	wg.Wait()
	close(results)
	winners := map[string]int64{}
	var losses []result
	for r := range results {
		switch {
		case r.err == nil:
			winners[r.node] = r.o.Epoch
		case errors.Is(r.err, ErrOwned):
			losses = append(losses, r)
		default:
			t.Fatalf("%s: %v", r.node, r.err)
		}
	}
	if len(winners) != 1 {
		t.Fatalf("winners: %v, want one node", winners)
	}
	var winner string
	var epoch int64
	for winner, epoch = range winners {
	}
	for _, l := range losses {
		var oe *OwnedError
		if !errors.As(l.err, &oe) || oe.Owner.Node != winner || oe.Owner.Epoch != epoch || l.node == winner {
			t.Fatalf("%s lost with %v; the winner is %s at epoch %d", l.node, l.err, winner, epoch)
		}
	}
	owner, err := a.Owner(context.Background(), "obj")
	if err != nil || owner.Node != winner || owner.Epoch != epoch {
		t.Fatalf("Owner = %+v, %v; the winner is %s at epoch %d", owner, err, winner, epoch)
	}
	for _, n := range []*Node{a, b} {
		e, ok := n.Holds("obj")
		if ok != (n.Name() == winner) || (ok && e != epoch) {
			t.Fatalf("%s holds obj: %d %v; the winner is %s at epoch %d", n.Name(), e, ok, winner, epoch)
		}
	}
}

func TestEpochGrowsAcrossReleaseAndReclaim(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{})
	a, b := join(t, c, "a", Config{}), join(t, c, "b", Config{})
	ctx := context.Background()
	var last int64
	for i, n := range []*Node{a, b, a, b} {
		o := claim(t, n, "obj")
		if o.Epoch <= last || o.Node != n.Name() || o.Peer != n.Peer() {
			t.Fatalf("claim %d by %s: %+v after epoch %d", i, n.Name(), o, last)
		}
		if again := claim(t, n, "obj"); again != o {
			t.Fatalf("claiming again: %+v, first %+v", again, o)
		}
		if got := n.Owned(); len(got) != 1 || got["obj"] != o.Epoch {
			t.Fatalf("%s owns %v", n.Name(), got)
		}
		last = o.Epoch
		if err := n.Release(ctx, "obj"); err != nil {
			t.Fatal(err)
		}
		if _, err := n.Owner(ctx, "obj"); !errors.Is(err, ErrNoOwner) {
			t.Fatalf("Owner after release: %v", err)
		}
		if len(n.Owned()) != 0 {
			t.Fatalf("%s still owns %v", n.Name(), n.Owned())
		}
	}
}

func TestReleaseOfAnObjectNotOwnedFails(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{Members: 1})
	a, b := join(t, c, "a", Config{}), join(t, c, "b", Config{})
	claim(t, a, "obj")
	if err := b.Release(context.Background(), "obj"); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("release by another node: %v", err)
	}
	if err := a.Release(context.Background(), "other"); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("release of an object never claimed: %v", err)
	}
	if o, err := a.Owner(context.Background(), "obj"); err != nil || o.Node != "a" {
		t.Fatalf("owner after refused releases: %+v, %v", o, err)
	}
}

func TestClaimRefusesBadIDs(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{Members: 1})
	a := join(t, c, "a", Config{})
	for _, id := range []string{"", string(make([]byte, MaxIDLen+1))} {
		if _, err := a.Claim(context.Background(), id); !errors.Is(err, ErrBadID) {
			t.Fatalf("claim of a %d-byte id: %v", len(id), err)
		}
		if _, err := a.Owner(context.Background(), id); !errors.Is(err, ErrBadID) {
			t.Fatalf("owner of a %d-byte id: %v", len(id), err)
		}
	}
}

func TestMembersSeeNodesJoinAndLeave(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{Members: 1})
	a := join(t, c, "a", Config{})
	waitMembers := func(want string) {
		t.Helper()
		for {
			changed := a.MembersChanged()
			if got := fmt.Sprint(a.Members()); got == want {
				return
			}
			select {
			case <-changed:
			case <-time.After(20 * time.Second):
				t.Fatalf("members: %v, want %s", a.Members(), want)
			}
		}
	}
	waitMembers("[{a http://a.test:7946}]")
	b := join(t, c, "b", Config{})
	waitMembers("[{a http://a.test:7946} {b http://b.test:7946}]")
	if m, ok := a.Place("obj"); !ok || (m.Name != "a" && m.Name != "b") {
		t.Fatalf("Place: %v %v", m, ok)
	}
	if err := b.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	waitMembers("[{a http://a.test:7946}]")
}

func TestJoinRefusesANameInUse(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{Members: 1})
	join(t, c, "a", Config{})
	_, err := Join(context.Background(), c.Client(), Config{Name: "a", Peer: "http://elsewhere.test:1"})
	if !errors.Is(err, ErrNameInUse) {
		t.Fatalf("second node named a: %v", err)
	}
	// With a's own peer URL (a restart of a), Join waits for a's lease, up to its context.
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err = Join(ctx, c.Client(), Config{Name: "a", Peer: "http://a.test:7946"})
	if !errors.Is(err, ErrNameInUse) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a again while a lives: %v", err)
	}
}

func TestCloseReleasesEverythingAtOnce(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{Members: 1})
	a, b := join(t, c, "a", Config{}), join(t, c, "b", Config{})
	ea := claim(t, a, "obj").Epoch
	if err := a.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a.Valid() || len(a.Owned()) != 0 {
		t.Fatalf("closed node: valid %v, owns %v", a.Valid(), a.Owned())
	}
	// No waiting for a's lease: b's first claim succeeds.
	o, err := b.Claim(context.Background(), "obj")
	if err != nil || o.Epoch <= ea {
		t.Fatalf("claim after the owner closed: %+v, %v (a had epoch %d)", o, err, ea)
	}
	if _, err := a.Claim(context.Background(), "x"); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("claim by a closed node: %v", err)
	}
}

// The deadline rule: a node whose renewals stop is no longer Valid while etcd still
// holds its lease, so it has stopped answering before any other node can own its objects.
func TestNodeThatStopsRenewingLapsesBeforeItsLeaseExpires(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{})
	cfg := Config{TTL: 3 * time.Second, Margin: 1500 * time.Millisecond}
	a, b := join(t, c, "a", cfg), join(t, c, "b", Config{})
	ea := claim(t, a, "obj").Epoch
	cli := c.Client()
	before := a.Deadline()
	a.noRenew.Store(true)
	<-a.Lapsed()
	lapsedAt := time.Now()
	// etcd still has a's lease and its claim: nobody else could own obj yet.
	ctx := context.Background()
	ttl, err := cli.TimeToLive(ctx, clientv3.LeaseID(a.Lease()))
	if err != nil || ttl.TTL < 0 {
		t.Fatalf("a lapsed after etcd dropped its lease: TimeToLive = %+v, %v", ttl, err)
	}
	got, err := cli.Get(ctx, a.ownerKey("obj"))
	if err != nil || len(got.Kvs) != 1 || got.Kvs[0].Lease != a.Lease() {
		t.Fatalf("a lapsed after etcd dropped its claim: %+v, %v", got, err)
	}
	if d := a.Deadline(); d.After(lapsedAt) || d.Before(before) {
		t.Fatalf("deadline %v moved (was %v) or is after the lapse %v", d, before, lapsedAt)
	}
	if a.Valid() || len(a.Owned()) != 0 {
		t.Fatalf("lapsed node: valid %v, owns %v", a.Valid(), a.Owned())
	}
	if _, ok := a.Holds("obj"); ok {
		t.Fatal("lapsed node holds obj")
	}
	if _, err := a.Claim(ctx, "other"); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("claim by a lapsed node: %v", err)
	}
	// Once etcd expires the lease, b gets obj, at a higher epoch.
	for {
		o, err := b.Claim(ctx, "obj")
		if err == nil {
			if o.Epoch <= ea {
				t.Fatalf("b's epoch %d is not above a's %d", o.Epoch, ea)
			}
			break
		}
		if !errors.Is(err, ErrOwned) {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if a.Valid() {
		t.Fatal("a is valid again")
	}
}

func TestNodeWhoseLeaseIsRevokedLapses(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{Members: 1})
	a := join(t, c, "a", Config{TTL: 3 * time.Second})
	claim(t, a, "obj")
	if _, err := c.Client().Revoke(context.Background(), clientv3.LeaseID(a.Lease())); err != nil {
		t.Fatal(err)
	}
	select {
	case <-a.Lapsed():
	case <-time.After(30 * time.Second):
		t.Fatal("a did not notice its lease was revoked")
	}
	if _, err := a.Claim(context.Background(), "obj"); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("claim after revoke: %v", err)
	}
}

func TestClaimsWorkWithOneMemberKilled(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{})
	a, b := join(t, c, "a", Config{}), join(t, c, "b", Config{})
	c.Leader().Kill()
	oa := claim(t, a, "obj")
	if _, err := b.Claim(context.Background(), "obj"); !errors.Is(err, ErrOwned) {
		t.Fatalf("b claims a's object: %v", err)
	}
	if err := a.Release(context.Background(), "obj"); err != nil {
		t.Fatal(err)
	}
	if ob := claim(t, b, "obj"); ob.Epoch <= oa.Epoch {
		t.Fatalf("epoch %d after %d", ob.Epoch, oa.Epoch)
	}
	if !a.Valid() || !b.Valid() {
		t.Fatal("a node lapsed while etcd had a quorum")
	}
}

func TestClaimFailsWithoutQuorumAndGrantsNothing(t *testing.T) {
	c := testetcd.Start(t, testetcd.Options{})
	// A long TTL: the node outlives the outage, so what fails is the claim, not the node.
	a := join(t, c, "a", Config{TTL: 60 * time.Second})
	claim(t, a, "before")
	// Kill the leader and one follower: the survivor forwards proposals to a dead leader,
	// so none can be committed later either.
	leader := c.Leader()
	leader.Kill()
	killed := []*testetcd.Member{leader}
	for _, m := range c.Members {
		if m != leader {
			m.Kill()
			killed = append(killed, m)
			break
		}
	}
	if len(killed) != 2 {
		t.Fatalf("killed %d members", len(killed))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	_, err := a.Claim(ctx, "during")
	cancel()
	if !errors.Is(err, ErrUnavailable) || errors.Is(err, ErrOwned) {
		t.Fatalf("claim without quorum: %v", err)
	}
	t.Logf("claim without quorum: %v", err)
	for _, m := range killed {
		m.Start()
	}
	c.Ready(c.Members...)
	if _, err := a.Owner(context.Background(), "during"); !errors.Is(err, ErrNoOwner) {
		t.Fatalf("the claim refused without quorum took effect: %v", err)
	}
	if o, err := a.Owner(context.Background(), "before"); err != nil || o.Node != "a" {
		t.Fatalf("the claim from before the outage: %+v, %v", o, err)
	}
	claim(t, a, "during")
	if !a.Valid() {
		t.Fatal("a lapsed during a short outage")
	}
}
