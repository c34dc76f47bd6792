//go:build sobjects_broken_deadline

package cluster

// checkDeadline is false in this deliberately broken build: see deadline.go.
const checkDeadline = false
