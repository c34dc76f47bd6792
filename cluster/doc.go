// Package cluster is what several sobjects nodes agree on through etcd: which nodes are
// alive (membership), which node owns each object (ownership, with an epoch per claim
// that fences older owners), and where an object should live (a placement hint).
//
// A node calls Join with its name and peer URL. Join grants an etcd lease (TTL seconds,
// default 10) and registers the node under it; the Node renews the lease until Close.
// Every key the node writes lives under that lease, so when the node dies, or cannot
// reach a quorum of etcd, the lease expires and all its keys go at once: its
// registration and every object it owns.
//
// # Ownership and epochs
//
// Node.Claim makes the node an object's owner if nobody is: a transaction that creates
// the owner key only where none exists. The owner key's create revision is the claim's
// epoch. etcd's revisions only grow, so every later claim of the object, by any node,
// has a higher epoch: a fencing token that storage (the backup bucket) compares to
// refuse writes from an owner that has been replaced.
//
// # The deadline
//
// A node may answer for its objects only while Node.Valid is true, that is before its
// deadline: the moment the last confirmed renewal of its lease was sent, plus the
// lease's TTL, minus a margin. etcd cannot expire the lease before then (it counts the
// TTL from when it received the renewal, which is after it was sent), so no other node
// can own one of this node's objects while this node is still valid. A node whose
// process was paused, or whose renewals stopped reaching etcd, finds itself past its
// deadline when it runs again, without asking anyone: it must acknowledge nothing
// more. The margin covers the time between checking Valid and the answer leaving, and
// any difference between this machine's clock rate and etcd's. The deadline is kept on
// Go's monotonic clock, so changes of the wall clock do not move it.
//
// A Node lives for one lease. Once its deadline passes it is spent: Lapsed is closed,
// Valid stays false, it owns nothing, and Claim returns ErrLeaseLost. To take part
// again, Join anew (a new lease, new epochs).
//
// # Keys
//
// Under Config.Prefix (default "/sobjects/"):
//
//	members/<node name>   {"name":..., "peer":...}  under the node's lease
//	owners/<object id>    {"name":..., "peer":...}  under the owner's lease
//
// Only this package should write them.
//
// Package cluster knows nothing of HTTP or wasm; it imports abi only, of this module.
package cluster
