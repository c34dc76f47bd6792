//go:build !unix

package conformance

// processCPU returns 0: getrusage is a unix call.
func processCPU() float64 { return 0 }
