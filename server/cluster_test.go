package server

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/cluster"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/internal/testetcd"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage/backup"
)

var testSecret = []byte("a secret of the test cluster, 32 bytes or more")

// clusterNode is one node of a test cluster, serving on loopback.
type clusterNode struct {
	t    *testing.T
	name string
	n    *Node
	url  string // its public address
	peer string // its peer address
}

// startClusterNode starts a node called name of the cluster on etcd, durable on srv's
// bucket, with the counter class, a lease of ttl, and serves it.
func startClusterNode(t *testing.T, etcd *testetcd.Cluster, srv *testbucket.Server, name string, ttl time.Duration) *clusterNode {
	t.Helper()
	return startClusterNodeTLS(t, etcd, srv, name, ttl, nil)
}

// startClusterNodeTLS is startClusterNode with mutual TLS between the nodes when
// tlsConfig is set.
func startClusterNodeTLS(t *testing.T, etcd *testetcd.Cluster, srv *testbucket.Server, name string, ttl time.Duration, tlsConfig *tls.Config) *clusterNode {
	t.Helper()
	opts := nodeOptions(srv, t.TempDir(), "cluster")
	opts.Backup.Mode = backup.ModeDurable
	peerL, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	scheme := "http://"
	if tlsConfig != nil {
		scheme = "https://"
	}
	cn := &clusterNode{t: t, name: name, url: "http://" + l.Addr().String(), peer: scheme + peerL.Addr().String()}
	opts.Cluster = &ClusterOptions{Etcd: etcd.Endpoints(), Secret: testSecret, PeerListener: peerL, TLS: tlsConfig,
		Node: cluster.Config{Name: name, Peer: cn.peer, TTL: ttl}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if cn.n, err = OpenNode(ctx, opts); err != nil {
		t.Fatalf("node %s: %v", name, err)
	}
	t.Cleanup(func() { cn.n.Close(context.Background()) })
	wasm, _ := plugins.Wasm("counter")
	if err := cn.n.Engine().DeployIfAbsent(ctx, "counter", wasm); err != nil {
		t.Fatal(err)
	}
	go cn.n.Serve(l, Options{Logger: opts.Engine.Logger})
	return cn
}

// do sends a request to the node's public address.
func (cn *clusterNode) do(method, path string, body []byte, header ...string) (int, []byte) {
	cn.t.Helper()
	return doURL(cn.t, cn.url, method, path, body, header...)
}

func doURL(t *testing.T, base, method, path string, body []byte, header ...string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, base+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// count reads the counter of object name through cn.
func (cn *clusterNode) count(name string) int {
	cn.t.Helper()
	status, b := cn.do("POST", "/v1/objects/counter/"+name+"/get", nil)
	if status != 200 {
		cn.t.Fatalf("get %s through %s: %d %s", name, cn.name, status, b)
	}
	var v struct{ Value int }
	if err := json.Unmarshal(b, &v); err != nil {
		cn.t.Fatalf("get %s: %s: %v", name, b, err)
	}
	return v.Value
}

// TestClusterServesEveryObjectOnItsOwner increments 24 counters three times each,
// each time through another of three nodes: every increment counts (the nodes that do
// not own a counter forward to the one that does), each counter is owned by exactly one
// node, and the objects spread over all three.
func TestClusterServesEveryObjectOnItsOwner(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	nodes := []*clusterNode{
		startClusterNode(t, etcd, srv, "n0", 0), startClusterNode(t, etcd, srv, "n1", 0), startClusterNode(t, etcd, srv, "n2", 0),
	}
	const objects = 24
	for round := range 3 {
		for i := range objects {
			via := nodes[(i+round)%3]
			if status, b := via.do("POST", fmt.Sprintf("/v1/objects/counter/c%d/increment", i), []byte(`{"by":1}`)); status != 200 {
				t.Fatalf("increment c%d through %s: %d %s", i, via.name, status, b)
			}
		}
	}
	owners := map[string]int{}
	for i := range objects {
		name := fmt.Sprintf("c%d", i)
		if got := nodes[i%3].count(name); got != 3 {
			t.Errorf("%s counts %d, want 3 (an increment was served by a node that does not own it)", name, got)
		}
		holders := 0
		for _, cn := range nodes {
			if _, ok := cn.n.Cluster().Holds(objectKey("counter", name)); ok {
				holders++
				owners[cn.name]++
			}
		}
		if holders != 1 {
			t.Errorf("%s is held by %d nodes, want 1", name, holders)
		}
		via := nodes[(i+1)%3]
		resp, err := http.Get(via.url + "/v1/objects/counter/" + name)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if by := resp.Header.Get("Sobjects-Served-By"); !holdsIt(nodes, by, name) {
			t.Errorf("GET %s through %s: Sobjects-Served-By %q, not its owner", name, via.name, by)
		}
	}
	if len(owners) != 3 {
		t.Errorf("owners: %v, want objects on all three nodes", owners)
	}
}

// TestClusterNodeThatClosesHandsItsObjectsOverAtOnce closes the owner of a counter: the
// other node serves it at once (the owner released it, nobody waits out its lease), from
// where the owner left it.
func TestClusterNodeThatClosesHandsItsObjectsOverAtOnce(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	a := startClusterNode(t, etcd, srv, "a", 0)
	b := startClusterNode(t, etcd, srv, "b", 0)
	// Objects that a owns (placed on a, or claimed by it).
	var mine []string
	for i := 0; len(mine) < 3; i++ {
		name := fmt.Sprintf("h%d", i)
		if status, body := a.do("POST", "/v1/objects/counter/"+name+"/increment", []byte(`{"by":5}`)); status != 200 {
			t.Fatalf("increment %s: %d %s", name, status, body)
		}
		if _, ok := a.n.Cluster().Holds(objectKey("counter", name)); ok {
			mine = append(mine, name)
		}
	}
	if err := a.n.Close(context.Background()); err != nil {
		t.Fatalf("close a: %v", err)
	}
	start := time.Now()
	for _, name := range mine {
		if status, body := b.do("POST", "/v1/objects/counter/"+name+"/increment", []byte(`{"by":1}`)); status != 200 {
			t.Fatalf("increment %s through b after a closed: %d %s", name, status, body)
		}
		if got := b.count(name); got != 6 {
			t.Fatalf("%s counts %d after the hand-over, want 6", name, got)
		}
		if _, ok := b.n.Cluster().Holds(objectKey("counter", name)); !ok {
			t.Fatalf("b serves %s without holding it", name)
		}
	}
	if d := time.Since(start); d > b.n.Cluster().TTL() {
		t.Logf("the hand-over took %s, longer than a lease (%s): was the lease waited out?", d, b.n.Cluster().TTL())
	}
}

// TestClusterRefusesUnsignedForwards: a request that claims to be a forward without the
// cluster's signature is refused, on either address, and the peer address serves only
// forwards.
func TestClusterRefusesUnsignedForwards(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	a := startClusterNode(t, etcd, srv, "a", 0)
	forged := []string{headerForwardedBy, "b", headerForwardTime, fmt.Sprint(time.Now().UnixMilli()), headerSignature, "00"}
	for _, base := range []string{a.url, a.peer} {
		status, body := doURL(t, base, "POST", "/v1/objects/counter/x/increment", []byte(`{"by":1}`), forged...)
		if status != http.StatusUnauthorized || !strings.Contains(string(body), "bad_signature") {
			t.Errorf("forged forward to %s: %d %s, want 401 bad_signature", base, status, body)
		}
	}
	status, body := doURL(t, a.peer, "POST", "/v1/objects/counter/x/increment", []byte(`{"by":1}`))
	if status != http.StatusUnauthorized {
		t.Errorf("plain call to the peer address: %d %s, want 401", status, body)
	}
	if got := a.count("x"); got != 0 {
		t.Errorf("x counts %d after refused calls, want 0", got)
	}
}

// TestClusterNodeWithoutQuorumAnswersNothing takes etcd's quorum away: once its lease
// may have lapsed, the node refuses its objects' calls (503 lease_lost) rather than
// answer for objects another node may own by then, and says so on Lapsed.
func TestClusterNodeWithoutQuorumAnswersNothing(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	a := startClusterNode(t, etcd, srv, "a", 2*time.Second)
	if status, body := a.do("POST", "/v1/objects/counter/q/increment", []byte(`{"by":1}`)); status != 200 {
		t.Fatalf("increment: %d %s", status, body)
	}
	etcd.Members[1].Kill()
	etcd.Members[2].Kill()
	select {
	case <-a.n.Lapsed():
	case <-time.After(30 * time.Second):
		t.Fatal("the node's lease did not lapse without quorum")
	}
	status, body := a.do("POST", "/v1/objects/counter/q/increment", []byte(`{"by":1}`))
	if status != http.StatusServiceUnavailable || !strings.Contains(string(body), "lease_lost") {
		t.Fatalf("increment after the lease lapsed: %d %s, want 503 lease_lost", status, body)
	}
}

// TestClusterNodeNeedsDurableBackupsAndASecret: OpenNode refuses a cluster node in
// interval mode, without backups, or with a short secret, naming what is missing.
func TestClusterNodeNeedsDurableBackupsAndASecret(t *testing.T) {
	srv := testbucket.Start(t)
	peerL, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer peerL.Close()
	base := func() NodeOptions {
		opts := nodeOptions(srv, t.TempDir(), "cluster")
		opts.Backup.Mode = backup.ModeDurable
		opts.Cluster = &ClusterOptions{Etcd: []string{"http://127.0.0.1:1"}, Secret: testSecret, PeerListener: peerL,
			Node: cluster.Config{Name: "a", Peer: "http://" + peerL.Addr().String()}}
		return opts
	}
	interval, none, short := base(), base(), base()
	interval.Backup.Mode = backup.ModeInterval
	none.Backup = nil
	short.Cluster.Secret = []byte("too short")
	for _, c := range []struct {
		what string
		opts NodeOptions
		want string
	}{{"interval mode", interval, "durable backups"}, {"no backups", none, "durable backups"}, {"a short secret", short, "SOBJECTS_CLUSTER_SECRET"}} {
		_, err := OpenNode(context.Background(), c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.what, err, c.want)
		}
	}
}

// TestClusterRestoresAnObjectThroughAnotherNode takes a bookmark and restores to it
// through the node that does not own the counter: both go to its owner, and the next
// call, through either node, finds the counter as it was at the bookmark.
func TestClusterRestoresAnObjectThroughAnotherNode(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	a := startClusterNode(t, etcd, srv, "a", 0)
	b := startClusterNode(t, etcd, srv, "b", 0)
	// A counter a owns.
	var name string
	for i := 0; name == ""; i++ {
		n := fmt.Sprintf("r%d", i)
		if status, body := a.do("POST", "/v1/objects/counter/"+n+"/increment", []byte(`{"by":3}`)); status != 200 {
			t.Fatalf("increment %s: %d %s", n, status, body)
		}
		if _, ok := a.n.Cluster().Holds(objectKey("counter", n)); ok {
			name = n
		}
	}
	status, body := b.do("GET", "/v1/objects/counter/"+name+"/_bookmark", nil)
	if status != 200 {
		t.Fatalf("bookmark through b: %d %s", status, body)
	}
	var mark struct{ Bookmark string }
	json.Unmarshal(body, &mark)
	if status, body := b.do("POST", "/v1/objects/counter/"+name+"/increment", []byte(`{"by":4}`)); status != 200 {
		t.Fatalf("increment: %d %s", status, body)
	}
	if status, body := b.do("POST", "/v1/objects/counter/"+name+"/_restore", []byte(`{"bookmark":"`+mark.Bookmark+`"}`)); status != 200 {
		t.Fatalf("restore through b: %d %s", status, body)
	}
	for _, cn := range []*clusterNode{b, a} {
		if got := cn.count(name); got != 3 {
			t.Fatalf("%s through %s after the restore: %d, want 3", name, cn.name, got)
		}
	}
}

// holdsIt reports whether the node called node holds counter name.
func holdsIt(nodes []*clusterNode, node, name string) bool {
	for _, cn := range nodes {
		if cn.name == node {
			_, ok := cn.n.Cluster().Holds(objectKey("counter", name))
			return ok
		}
	}
	return false
}

// TestClusterNodesSpeakMutualTLS runs two nodes whose peer addresses speak only mutual
// TLS (certificates of cluster.WriteCerts): forwards between them work, and the peer
// address refuses cleartext, a client without a certificate, and one whose certificate
// another authority signed; a client of the cluster's authority must still sign.
func TestClusterNodesSpeakMutualTLS(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	if _, err := cluster.WriteCerts(dir, []string{"127.0.0.1"}, []string{"a", "b", "client"}, time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := cluster.WriteCerts(other, []string{"127.0.0.1"}, []string{"stranger"}, time.Hour); err != nil {
		t.Fatal(err)
	}
	config := func(d, node string) *tls.Config {
		c, err := PeerTLSConfig(d+"/"+node+".pem", d+"/"+node+"-key.pem", d+"/ca.pem")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	a := startClusterNodeTLS(t, etcd, srv, "a", 0, config(dir, "a"))
	b := startClusterNodeTLS(t, etcd, srv, "b", 0, config(dir, "b"))
	forwarded := 0
	for i := range 12 {
		name := fmt.Sprintf("t%d", i)
		for _, via := range []*clusterNode{a, b} {
			if status, body := via.do("POST", "/v1/objects/counter/"+name+"/increment", []byte(`{"by":1}`)); status != 200 {
				t.Fatalf("increment %s through %s: %d %s", name, via.name, status, body)
			}
		}
		if got := a.count(name); got != 2 {
			t.Fatalf("%s counts %d, want 2", name, got)
		}
		if _, ok := b.n.Cluster().Holds(objectKey("counter", name)); ok {
			forwarded++ // a forwarded its increment to b
		}
	}
	if forwarded == 0 || forwarded == 12 {
		t.Fatalf("b owns %d of 12 counters: want some on each node, so that forwards went both ways", forwarded)
	}

	get := func(c *http.Client, base ...string) (int, error) {
		u := a.peer
		if len(base) > 0 {
			u = base[0]
		}
		resp, err := c.Post(u+"/v1/objects/counter/t0/get", "application/json", nil)
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	client := func(c *tls.Config) *http.Client {
		return &http.Client{Transport: &http.Transport{TLSClientConfig: c}, Timeout: 10 * time.Second}
	}
	cleartext := strings.Replace(a.peer, "https://", "http://", 1)
	if status, err := get(&http.Client{Timeout: 10 * time.Second}, cleartext); err == nil && status != http.StatusBadRequest {
		t.Fatalf("cleartext to %s: %d, want 400 (Go's answer to HTTP on a TLS port)", cleartext, status)
	}
	anonymous := config(dir, "client")
	anonymous.Certificates = nil
	if status, err := get(client(anonymous)); err == nil {
		t.Fatalf("a client without a certificate got %d", status)
	}
	stranger := config(other, "stranger")
	stranger.RootCAs = anonymous.RootCAs // it trusts the cluster, the cluster does not trust it
	if status, err := get(client(stranger)); err == nil {
		t.Fatalf("a client with another authority's certificate got %d", status)
	}
	if status, err := get(client(config(dir, "client"))); err != nil || status != http.StatusUnauthorized {
		t.Fatalf("an unsigned request with the cluster's certificate: %d %v, want 401", status, err)
	}
}

// PeerTLSConfig refuses a node certificate that the authority given did not sign.
func TestPeerTLSConfigRefusesACertificateOfAnotherAuthority(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	if _, err := cluster.WriteCerts(dir, []string{"127.0.0.1"}, []string{"a"}, time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := cluster.WriteCerts(other, []string{"127.0.0.1"}, []string{"b"}, time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := PeerTLSConfig(dir+"/a.pem", dir+"/a-key.pem", other+"/ca.pem"); err == nil || !strings.Contains(err.Error(), "not one the authority") {
		t.Errorf("a certificate of another authority: %v", err)
	}
	if _, err := PeerTLSConfig(dir+"/a.pem", dir+"/a-key.pem", other+"/b.pem"); err == nil {
		t.Error("another node's certificate taken as the authority")
	}
	if _, err := PeerTLSConfig(dir+"/a.pem", dir+"/a-key.pem", dir+"/ca.pem"); err != nil {
		t.Errorf("the right files: %v", err)
	}
}
