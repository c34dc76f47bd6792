package instrument

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/plugins"
)

// loopWasm is (module (memory 1) (func (export "spin") (loop (br 0)))
// (func (export "id") (param i32) (result i32) local.get 0)).
var loopWasm = module(nil)

// module assembles loopWasm, with extra sections (such as a start section) before the
// code section.
func module(extra []byte) []byte {
	b := []byte{
		0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
		0x01, 0x09, 0x02, 0x60, 0x00, 0x00, 0x60, 0x01, 0x7f, 0x01, 0x7f, // types
		0x03, 0x03, 0x02, 0x00, 0x01, // functions
		0x05, 0x03, 0x01, 0x00, 0x01, // memory: min 1 page
		0x07, 0x0d, 0x02, 0x04, 's', 'p', 'i', 'n', 0x00, 0x00, 0x02, 'i', 'd', 0x00, 0x01, // exports
	}
	b = append(b, extra...)
	return append(b,
		0x0a, 0x0e, 0x02, // code
		0x07, 0x00, 0x03, 0x40, 0x0c, 0x00, 0x0b, 0x0b, // spin: loop br 0 end end
		0x04, 0x00, 0x20, 0x00, 0x0b, // id: local.get 0 end
	)
}

func TestInterrupt(t *testing.T) {
	ctx := context.Background()
	out, err := Module(loopWasm)
	if err != nil {
		t.Fatal(err)
	}
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	mod, err := rt.Instantiate(ctx, out)
	if err != nil {
		t.Fatalf("instrumented module does not instantiate: %v", err)
	}
	stop := mod.ExportedGlobal(InterruptExport).(api.MutableGlobal)
	if res, err := mod.ExportedFunction("id").Call(ctx, 42); err != nil || res[0] != 42 {
		t.Fatalf("id(42) = %v, %v", res, err)
	}
	time.AfterFunc(50*time.Millisecond, func() { stop.Set(1) })
	done := make(chan error, 1)
	go func() {
		_, err := mod.ExportedFunction("spin").Call(ctx)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("spin returned without a trap")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("setting the interrupt global did not stop the loop")
	}
}

// TestSpinDoesNotStallGC checks that a loop in wasm, which Go cannot preempt, reaches a
// preemption point often enough that a garbage collection (a stop-the-world) finishes
// while it runs, on every core at once.
func TestSpinDoesNotStallGC(t *testing.T) {
	ctx := context.Background()
	out, err := Module(loopWasm)
	if err != nil {
		t.Fatal(err)
	}
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	cm, err := rt.CompileModule(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	var stops []api.MutableGlobal
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		mod, err := rt.InstantiateModule(ctx, cm, wazero.NewModuleConfig().WithName(""))
		if err != nil {
			t.Fatal(err)
		}
		stops = append(stops, mod.ExportedGlobal(InterruptExport).(api.MutableGlobal))
		wg.Add(1)
		go func() {
			defer wg.Done()
			mod.ExportedFunction("spin").Call(ctx)
		}()
	}
	time.Sleep(200 * time.Millisecond)
	t.Log("starting GC")
	gcDone := make(chan struct{})
	go func() {
		runtime.GC()
		close(gcDone)
	}()
	select {
	case <-gcDone:
	case <-time.After(20 * time.Second):
		t.Error("a garbage collection did not finish while wasm loops ran")
	}
	for _, s := range stops {
		s.Set(1)
	}
	wg.Wait()
}

// TestStartSection checks that a start section becomes the StartExport export and does
// not run at instantiation.
func TestStartSection(t *testing.T) {
	ctx := context.Background()
	out, err := Module(module([]byte{0x08, 0x01, 0x00})) // (start $spin)
	if err != nil {
		t.Fatal(err)
	}
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	mod, err := rt.Instantiate(ctx, out) // would loop forever if spin ran
	if err != nil {
		t.Fatal(err)
	}
	if mod.ExportedFunction(StartExport) == nil {
		t.Fatalf("no %s export", StartExport)
	}
}

// TestRealModules instruments the bundled plugins and the host's fixtures: each must
// still compile, and export the interrupt global.
func TestRealModules(t *testing.T) {
	ctx := context.Background()
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	mods := map[string][]byte{}
	for _, name := range append(plugins.Examples, "testkit") {
		mods[name], _ = plugins.Wasm(name)
	}
	fixtures, _ := filepath.Glob("../../testdata/*.wasm")
	for _, f := range fixtures {
		mods[f], _ = os.ReadFile(f)
	}
	for name, wasm := range mods {
		out, err := Module(wasm)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cm, err := rt.CompileModule(ctx, out)
		if err != nil {
			t.Fatalf("%s: instrumented module does not compile: %v", name, err)
		}
		if _, ok := cm.ExportedFunctions()[InterruptExport]; ok {
			t.Fatalf("%s: interrupt exported as a function", name)
		}
		if len(cm.ExportedFunctions()) == 0 {
			t.Fatalf("%s: lost its exports", name)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
	}{
		{"ErrNotWasm", []byte("hello")},
		{"ErrTruncated", loopWasm[:30]},
		{"ErrUnknownOpcode", func() []byte {
			b := append([]byte(nil), loopWasm...)
			b[len(b)-3] = 0xe0 // replace local.get with an undefined opcode
			return b
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Module(tc.in); !errors.Is(err, ErrMalformed) {
				t.Fatalf("got %v, want ErrMalformed", err)
			}
		})
	}
}

func FuzzModule(f *testing.F) {
	f.Add(loopWasm)
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := Module(in) // must not panic
		if err == nil && len(out) < len(in) {
			t.Fatalf("output shorter than input")
		}
	})
}

// softWasm is, in the text format:
//
//	(module (memory 1) (global $sp (mut i32) (i32.const 65536))
//	  (func $rec (export "rec") (param $ctx i32) (result i64)  ;; recursion without end,
//	    (global.set $sp (i32.sub (global.get $sp) (i32.const 1024))) ;; 1 KiB a frame
//	    (call $rec (local.get $ctx))
//	    (global.set $sp (i32.add (global.get $sp) (i32.const 1024))))
//	  (func $throw (param i32 i32) (result i64) (i64.extend_i32_u (i32.add (local.get 0) (local.get 1))))
//	  (func (export "depth") (result i32) (global.get $sp)))
var softWasm = []byte{
	0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x10, 0x03, 0x60,
	0x01, 0x7f, 0x01, 0x7e, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7e, 0x60, 0x00,
	0x01, 0x7f, 0x03, 0x04, 0x03, 0x00, 0x01, 0x02, 0x05, 0x03, 0x01, 0x00,
	0x01, 0x06, 0x08, 0x01, 0x7f, 0x01, 0x41, 0x80, 0x80, 0x04, 0x0b, 0x07,
	0x0f, 0x02, 0x03, 0x72, 0x65, 0x63, 0x00, 0x00, 0x05, 0x64, 0x65, 0x70,
	0x74, 0x68, 0x00, 0x02, 0x0a, 0x26, 0x03, 0x16, 0x00, 0x23, 0x00, 0x41,
	0x80, 0x08, 0x6b, 0x24, 0x00, 0x20, 0x00, 0x10, 0x00, 0x23, 0x00, 0x41,
	0x80, 0x08, 0x6a, 0x24, 0x00, 0x0b, 0x08, 0x00, 0x20, 0x00, 0x20, 0x01,
	0x6a, 0xad, 0x0b, 0x04, 0x00, 0x23, 0x00, 0x0b,
}

// With a soft stack limit, recursion without end returns Throw's result instead of
// trapping, every time (the check arms itself again once the stack has unwound);
// without one, the guard traps. A margin of zero is refused.
func TestSoftStackLimit(t *testing.T) {
	ctx := context.Background()
	soft := &SoftStackLimit{Func: 0, Throw: 1, Arg: 100, Margin: 8 << 10}
	for _, tc := range []struct {
		name string
		soft *SoftStackLimit
	}{{"OK", soft}, {"OKWithoutSoftLimitTraps", nil}} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := ModuleWith(softWasm, Options{Stack: &StackGuard{Global: 0, Min: 16 << 10, Soft: tc.soft}})
			if err != nil {
				t.Fatal(err)
			}
			rt := wazero.NewRuntime(ctx)
			defer rt.Close(ctx)
			mod, err := rt.Instantiate(ctx, out)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 3; i++ {
				res, err := mod.ExportedFunction("rec").Call(ctx, 5)
				if tc.soft == nil {
					if err == nil || mod.ExportedGlobal(InterruptExport).Get() != StackOverflow {
						t.Fatalf("rec: %v %v, want a stack overflow trap", res, err)
					}
					return
				}
				if err != nil || res[0] != 105 {
					t.Fatalf("rec %d: %v %v, want Throw(5, 100) = 105", i, res, err)
				}
				if d, _ := mod.ExportedFunction("depth").Call(ctx); d[0] != 65536 {
					t.Fatalf("stack pointer %d after rec, want 65536", d[0])
				}
			}
		})
	}
	t.Run("ErrMargin", func(t *testing.T) {
		if _, err := ModuleWith(softWasm, Options{Stack: &StackGuard{Global: 0, Min: 16 << 10, Soft: &SoftStackLimit{Func: 0, Throw: 1}}}); !errors.Is(err, ErrMalformed) {
			t.Fatalf("err %v, want ErrMalformed", err)
		}
	})
}

// globalsWasm is (module (memory 1) (global (mut i32) (i32.const 7)) (global i32
// (i32.const 1)) (global (mut i64) (i64.const 5)) (func (export "f") i32.const 9
// global.set 0)), with extra globals appended to its global section.
func globalsWasm(extra ...[]byte) []byte {
	globals := [][]byte{{0x7f, 0x01, 0x41, 0x07, 0x0b}, {0x7f, 0x00, 0x41, 0x01, 0x0b}, {0x7e, 0x01, 0x42, 0x05, 0x0b}}
	globals = append(globals, extra...)
	body := []byte{byte(len(globals))}
	for _, g := range globals {
		body = append(body, g...)
	}
	b := []byte{
		0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
		0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // types: () -> ()
		0x03, 0x02, 0x01, 0x00, // functions
		0x05, 0x03, 0x01, 0x00, 0x01, // memory: min 1 page
		0x06, byte(len(body)),
	}
	b = append(b, body...)
	return append(b,
		0x07, 0x05, 0x01, 0x01, 'f', 0x00, 0x00, // exports
		0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x09, 0x24, 0x00, 0x0b, // code: i32.const 9 global.set 0
	)
}

// The rewrite exports a module's own mutable globals of a number type, so the host can
// save them (hibernation), and says why an instance's state would be more than its
// memory and those globals.
func TestReportExportsMutableGlobals(t *testing.T) {
	ctx := context.Background()
	out, report, err := ModuleReport(globalsWasm(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(report.Globals) != 2 || report.Globals[0] != 0 || report.Globals[1] != 2 || report.Unsaved != "" {
		t.Fatalf("report %+v, want the mutable globals 0 and 2 and nothing unsaved", report)
	}
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	mod, err := rt.Instantiate(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mod.ExportedFunction("f").Call(ctx); err != nil {
		t.Fatal(err)
	}
	if g0, g2 := mod.ExportedGlobal(GlobalPrefix+"0"), mod.ExportedGlobal(GlobalPrefix+"2"); g0 == nil || g2 == nil || g0.Get() != 9 || g2.Get() != 5 {
		t.Fatalf("exported globals %v, %v: want 9 (set by f) and 5", g0, g2)
	}
	if mod.ExportedGlobal(GlobalPrefix+"1") != nil {
		t.Fatal("an immutable global was exported")
	}
	// A mutable funcref global: its value is not a number the host can save.
	if _, report, err := ModuleReport(globalsWasm([]byte{0x70, 0x01, 0xd0, 0x70, 0x0b}), Options{}); err != nil || !strings.Contains(report.Unsaved, "global 3") {
		t.Fatalf("a mutable funcref global: %+v, %v: want it named unsaved", report, err)
	}
}

func TestTableChangeNamesWhatAStateCannotCarry(t *testing.T) {
	for ins, want := range map[string]string{
		"\x26\x00":         "table.set",
		"\xfc\x0f\x00":     "table.grow",
		"\xfc\x09\x00":     "data.drop",
		"\xfc\x0a\x00\x00": "", // memory.copy
		"\x24\x00":         "", // global.set
	} {
		if got := tableChange([]byte(ins)); got != want {
			t.Errorf("% x: %q, want %q", ins, got, want)
		}
	}
}
