package cluster

import (
	"fmt"
	"testing"
)

func members(names ...string) []Member {
	var ms []Member
	for _, n := range names {
		ms = append(ms, Member{Name: n, Peer: "http://" + n})
	}
	return ms
}

func TestRendezvousIgnoresMemberOrder(t *testing.T) {
	a, b := members("n1", "n2", "n3"), members("n3", "n1", "n2")
	for i := 0; i < 200; i++ {
		id := fmt.Sprint("obj", i)
		x, _ := Rendezvous(id, a)
		y, _ := Rendezvous(id, b)
		if x != y {
			t.Fatalf("%s: %v with one order, %v with another", id, x, y)
		}
	}
}

func TestRendezvousMovesOnlyTheObjectsOfTheMemberThatLeft(t *testing.T) {
	all, less := members("n1", "n2", "n3", "n4"), members("n1", "n2", "n4")
	moved := 0
	for i := 0; i < 2000; i++ {
		id := fmt.Sprint("obj", i)
		before, _ := Rendezvous(id, all)
		after, _ := Rendezvous(id, less)
		if before.Name != "n3" && before != after {
			t.Fatalf("%s moved from %s to %s though %s stayed", id, before.Name, after.Name, before.Name)
		}
		if before != after {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("no object was on n3")
	}
}

func TestRendezvousSpreadsObjectsEvenly(t *testing.T) {
	ms := members("n1", "n2", "n3")
	count := map[string]int{}
	const n = 3000
	for i := 0; i < n; i++ {
		m, _ := Rendezvous(fmt.Sprintf("%032x", i), ms)
		count[m.Name]++
	}
	for _, m := range ms {
		if c := count[m.Name]; c < n/3*8/10 || c > n/3*12/10 {
			t.Fatalf("%s got %d of %d objects: %v", m.Name, c, n, count)
		}
	}
}

// The weight is part of the cluster's protocol: nodes of two versions must agree.
func TestRendezvousWeightIsStable(t *testing.T) {
	const id = "0123456789abcdef0123456789abcdef"
	if got, want := weight("a", id), uint64(2958809826292378497); got != want {
		t.Fatalf("weight(a, %s) = %d, was %d", id, got, want)
	}
	if m, _ := Rendezvous(id, members("a", "b", "c")); m.Name != "b" {
		t.Fatalf("%s placed on %s, was on b", id, m.Name)
	}
}

func TestRendezvousOfNoMembers(t *testing.T) {
	if _, ok := Rendezvous("x", nil); ok {
		t.Fatal("placed on no member")
	}
}
