//go:build !sobjects_broken_deadline

package cluster

// checkDeadline makes Valid check the node's deadline. Built with the tag
// sobjects_broken_deadline, it is false: a deliberately broken node that answers for
// its objects as long as it believes it holds them, which ./test.sh checks the failure
// tests catch (cmd/sobjects TestClusterPausedOwnerAnswersNothingStale).
const checkDeadline = true
