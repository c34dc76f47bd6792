package host

import (
	"context"
	"fmt"
	"testing"
)

func TestJSIdleProbe(t *testing.T) {
	e := newEngine(t, Options{})
	manifest := `{"name":"t","bindings":{"STORE":{"class":"Store"},"C":{"class":"counter"}},"vars":{}}`
	src := `
class Store extends DurableObject {
  async add(a, b) { return a + b; }
}
class Front extends DurableObject {
  async one() { return await this.env.STORE.getByName("s2").add(2, 3); }
  async two() { const s = this.env.STORE.getByName("s2"); const a = await s.add(1, 1); const b = await s.add(2, 2); return [a, b]; }
  async rust() { const a = await this.env.C.getByName("x").increment(); const b = await this.env.C.getByName("x").increment(); return [a, b]; }
  async long() { for (let i = 0; i < 20000; i++) await null; return 2; }
  async busy() { await null; let x = 0; for (let i = 0; i < 3000000; i++) x += i; await null; return x > 0; }
  async plain() { await null; await null; return 1; }
}
return { Store, Front };`
	deployJS(t, e, "Store", jsBundle(manifest, src))
	deployJS(t, e, "Front", jsBundle(manifest, src))
	for _, m := range []string{"plain", "long", "busy"} {
		out, err := e.Call(context.Background(), "Front", "f", m, nil)
		fmt.Println(m, string(out), err)
	}
}
