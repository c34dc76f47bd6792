package js

import (
	"fmt"
	"sync"
	"testing"

	"github.com/sobjects/sobjects/internal/assets"
)

// TestCutAssetsSharesSets hammers cutAssets from many goroutines with a few bundles:
// each archive parses to one Set, shared by every cut of it.
func TestCutAssetsSharesSets(t *testing.T) {
	var bundles [][]byte
	for i := range 4 {
		archive, err := assets.Build([]assets.File{{Path: "i.html", Body: fmt.Appendf(nil, "v%d", i)}}, assets.Config{})
		if err != nil {
			t.Fatal(err)
		}
		bundles = append(bundles, assets.Append([]byte("bundle\n"), archive))
	}
	var mu sync.Mutex
	got := map[int]map[*assets.Set]bool{}
	var wg sync.WaitGroup
	for g := range 32 {
		wg.Go(func() {
			for j := range 50 {
				i := (g + j) % len(bundles)
				script, s, err := cutAssets(bundles[i])
				if err != nil || string(script) != "bundle\n" || s == nil {
					t.Errorf("cut: %q %v %v", script, s, err)
					return
				}
				mu.Lock()
				if got[i] == nil {
					got[i] = map[*assets.Set]bool{}
				}
				got[i][s] = true
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for i, sets := range got {
		if len(sets) != 1 {
			t.Errorf("bundle %d: %d Sets, want 1", i, len(sets))
		}
	}
}
