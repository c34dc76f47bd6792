package cluster

import "github.com/cespare/xxhash/v2"

// Place is the member that object id should live on by rendezvous hashing over the live
// Members (see Rendezvous); false when there are none. A hint only: the owner key
// decides who owns id.
func (n *Node) Place(id string) (Member, bool) {
	return Rendezvous(id, n.Members())
}

// Rendezvous picks, among members, the one with the highest weight for id (rendezvous,
// or highest random weight, hashing): every node that sees the same members picks the
// same one, and when a member joins or leaves only the objects that move to or from it
// move. The weight is the 64-bit xxhash of the member's name, a zero byte and id; it
// must not change between versions, or nodes of two versions would disagree. Ties, for
// equal names, go to the first. It returns false when members is empty.
func Rendezvous(id string, members []Member) (Member, bool) {
	var best Member
	var bestW uint64
	found := false
	for _, m := range members {
		w := weight(m.Name, id)
		if !found || w > bestW {
			best, bestW, found = m, w, true
		}
	}
	return best, found
}

func weight(name, id string) uint64 {
	d := xxhash.New()
	_, _ = d.WriteString(name)
	_, _ = d.Write([]byte{0})
	_, _ = d.WriteString(id)
	return d.Sum64()
}
