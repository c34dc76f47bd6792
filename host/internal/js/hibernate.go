package js

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/instrument"
)

// Hibernation of a JavaScript instance. Between calls the engine keeps all its state
// in linear memory and the stack globals (jsSnapshot says why), and the host keeps the
// addresses of the JS values it calls (Instance's ctx, dispatch, ... names): a state
// is the memory as the pages that differ from the class's snapshot, the two globals,
// and those addresses. An instance restored from it maps the snapshot copy-on-write, as
// any new instance of the class does, and writes the pages over it.
//
// What lives in Go rather than in the engine's memory cannot be carried: an instance
// with a timer pending, a call to another object or a fetch in flight, a stream open,
// an RpcTarget or function it sent (another object may hold a stub to it), or a
// WebSocket it used, refuses to hibernate (format.ErrNotHibernatable), and is evicted
// as before.

var (
	_ format.Hibernator = (*Instance)(nil)
	_ format.Restorer   = (*Class)(nil)
)

// Hibernate returns the instance's state.
func (js *Instance) Hibernate() ([]byte, error) {
	refuse := func(why string) ([]byte, error) {
		return nil, fmt.Errorf("%w: %s", format.ErrNotHibernatable, why)
	}
	switch {
	case js.snap == nil:
		return refuse("its class has no snapshot")
	case js.inst.Spent():
		return refuse("the instance is spent")
	case len(js.calls) > 0 || len(js.started) > 0 || js.settling != nil:
		return refuse("a call is in progress")
	case !js.timerAt.IsZero():
		return refuse("a timer is pending")
	case js.fetches != nil && len(js.fetches.byID) > 0:
		return refuse("a fetch is open")
	case js.streams != nil && len(js.streams.out)+len(js.streams.in) > 0:
		return refuse("a stream is open")
	case js.exportsTargets:
		return refuse("it sent an RpcTarget or a function, which another object may hold a stub to")
	case js.usedSockets:
		return refuse("it used a WebSocket")
	}
	mod := js.inst.Module()
	mem, _ := mod.Memory().Read(0, mod.Memory().Size())
	base, sum, err := js.snap.base()
	if err != nil {
		return nil, err
	}
	globals := []uint64{mod.ExportedGlobal(instrument.StackPointerExport).Get(), mod.ExportedGlobal(instrument.StackLimitExport).Get()}
	return format.EncodeMemory(base, sum, mem, globals, js.hostState()), nil
}

// hostState encodes the addresses the host keeps: fixed fields, then the method names.
func (js *Instance) hostState() []byte {
	var b []byte
	for _, v := range []uint64{js.ctx, js.dispatch, js.construc, js.describ, js.seed, js.class, js.object,
		uint64(js.argv), uint64(js.jobCtx), uint64(js.flags), uint64(js.buf), uint64(js.bufCap),
		js.timersFn, js.fetchFn, js.settleFn, uint64(js.tickets)} {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	for name, v := range js.names {
		b = binary.AppendUvarint(b, uint64(len(name)))
		b = append(b, name...)
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return b
}

const hostStateFields = 16

// setHostState is hostState's inverse.
func (js *Instance) setHostState(b []byte) error {
	if len(b) < 8*hostStateFields {
		return fmt.Errorf("%w: a hibernated JavaScript state is cut short", format.ErrInvalidPlugin)
	}
	var v [hostStateFields]uint64
	for i := range v {
		v[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	b = b[8*hostStateFields:]
	js.ctx, js.dispatch, js.construc, js.describ, js.seed, js.class, js.object = v[0], v[1], v[2], v[3], v[4], v[5], v[6]
	js.argv, js.jobCtx, js.flags, js.buf, js.bufCap = uint32(v[7]), uint32(v[8]), uint32(v[9]), uint32(v[10]), uint32(v[11])
	js.timersFn, js.fetchFn, js.settleFn, js.tickets = v[12], v[13], v[14], int(v[15])
	for len(b) > 0 {
		n, k := binary.Uvarint(b)
		if k <= 0 || uint64(len(b)-k) < n+8 {
			return fmt.Errorf("%w: a hibernated JavaScript state's names are cut short", format.ErrInvalidPlugin)
		}
		name := string(b[k : k+int(n)])
		js.names[name] = binary.LittleEndian.Uint64(b[k+int(n):])
		b = b[k+int(n)+8:]
	}
	return nil
}

// Restore makes an engine instance from a state Hibernate returned, under the startup
// limit.
func (c *Class) Restore(ctx context.Context, objectName string, state []byte) (format.Instance, error) {
	s, err := format.DecodeMemory(state)
	if err != nil {
		return nil, err
	}
	if c.snapshot == nil || len(s.Globals) != 2 {
		return nil, fmt.Errorf("%w: a hibernated JavaScript state for a class without a snapshot, or of %d globals", format.ErrInvalidPlugin, len(s.Globals))
	}
	if _, sum, err := c.snapshot.base(); err != nil {
		return nil, err
	} else if sum != s.Base {
		return nil, fmt.Errorf("%w: the class's snapshot is not the one the state was written against", format.ErrStaleHibernation)
	}
	ctx, cancel := context.WithTimeout(ctx, startupLimit(c.j.limits))
	defer cancel()
	return c.j.instantiateFrom(ctx, c, objectName, &s)
}

// wake makes a fresh instance (nothing run yet) the instance that hibernated in s:
// the class's snapshot, then s's pages over it, then its globals and host state.
func (js *Instance) wake(s *jsSnapshot, cow *cowMemory, st *format.MemoryState) error {
	mod := js.inst.Module()
	mem := mod.Memory()
	if have := mem.Size(); have < st.Size {
		if _, ok := mem.Grow((st.Size - have) / 65536); !ok {
			return fmt.Errorf("%w: no room for the hibernated memory of %d bytes", format.ErrMemoryLimit, st.Size)
		}
	}
	if mem.Size() != st.Size {
		return fmt.Errorf("%w: a hibernated memory of %d bytes, smaller than the engine's %d", format.ErrInvalidPlugin, st.Size, mem.Size())
	}
	if err := js.placeSnapshot(s, cow); err != nil {
		return err
	}
	all, _ := mem.Read(0, mem.Size())
	if err := st.ApplyMemory(all); err != nil {
		return err
	}
	sp, ok1 := mod.ExportedGlobal(instrument.StackPointerExport).(api.MutableGlobal)
	limit, ok2 := mod.ExportedGlobal(instrument.StackLimitExport).(api.MutableGlobal)
	if !ok1 || !ok2 {
		return errors.New("js engine: the stack guard's globals are missing")
	}
	sp.Set(st.Globals[0])
	limit.Set(st.Globals[1])
	return js.setHostState(st.Extra)
}

// base is the snapshot's memory, read-only (mem, or the image's view), and its
// format.BaseSum, computed once.
func (s *jsSnapshot) base() ([]byte, uint64, error) {
	s.sumOnce.Do(func() {
		b := s.mem
		if s.image != nil {
			if b, s.sumErr = s.image.view(); s.sumErr != nil {
				return
			}
		}
		s.sum = format.BaseSum(b)
	})
	if s.sumErr != nil {
		return nil, 0, s.sumErr
	}
	if s.image == nil {
		return s.mem, s.sum, nil
	}
	b, err := s.image.view()
	return b, s.sum, err
}
