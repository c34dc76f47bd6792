package native

import (
	"bytes"
	"context"
	"fmt"
	"strconv"

	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/instrument"
)

// Hibernation of a module of the sobjects ABI. Between calls, an instance's whole state
// is its linear memory and its mutable globals, unless it imports a memory, a table or
// a global, or changes a table (instrument.Report.Unsaved says): the host functions keep
// nothing of a plugin's between calls but what is in storage. The state holds the pages
// of memory that differ from the memory as instantiated, which the data segments give
// and a new instance has before its start functions run, and the globals' values.

var (
	_ format.Hibernator = (*Instance)(nil)
	_ format.Restorer   = (*Class)(nil)
)

// noteBase keeps the memory of mod, just instantiated, as the class's base, once.
func (c *Class) noteBase(mod api.Module) {
	c.baseOnce.Do(func() {
		if m := mod.Memory(); m != nil {
			b, _ := m.Read(0, m.Size())
			c.base = bytes.Clone(b)
		}
		c.baseSum = format.BaseSum(c.base)
	})
}

// globals are the exports of the module's mutable globals, in the order of
// instrument.Report.Globals.
func (c *Class) globals(mod api.Module) ([]api.MutableGlobal, error) {
	out := make([]api.MutableGlobal, len(c.report.Globals))
	for i, g := range c.report.Globals {
		mg, ok := mod.ExportedGlobal(instrument.GlobalPrefix + strconv.FormatUint(uint64(g), 10)).(api.MutableGlobal)
		if !ok {
			return nil, fmt.Errorf("%w: the instrumented module does not export its global %d", format.ErrInvalidPlugin, g)
		}
		out[i] = mg
	}
	return out, nil
}

// Hibernate returns the instance's memory and globals (format.EncodeMemory).
func (inst *Instance) Hibernate() ([]byte, error) {
	c := inst.class
	switch {
	case c == nil:
		return nil, fmt.Errorf("%w: not a module of the sobjects ABI", format.ErrNotHibernatable)
	case c.report.Unsaved != "":
		return nil, fmt.Errorf("%w: %s", format.ErrNotHibernatable, c.report.Unsaved)
	case inst.spent:
		return nil, fmt.Errorf("%w: the instance is spent", format.ErrNotHibernatable)
	}
	globals, err := c.globals(inst.mod)
	if err != nil {
		return nil, err
	}
	values := make([]uint64, len(globals))
	for i, g := range globals {
		values[i] = g.Get()
	}
	var mem []byte
	if m := inst.mod.Memory(); m != nil {
		mem, _ = m.Read(0, m.Size())
	}
	return format.EncodeMemory(c.base, c.baseSum, mem, values, nil), nil
}

// Restore instantiates the module and puts state in it; its start functions do not
// run (the state is of an instance that ran them).
func (c *Class) Restore(ctx context.Context, objectName string, state []byte) (format.Instance, error) {
	s, err := format.DecodeMemory(state)
	if err != nil {
		return nil, err
	}
	if len(s.Globals) != len(c.report.Globals) {
		return nil, fmt.Errorf("%w: a hibernated state of %d globals, for a module of %d", format.ErrInvalidPlugin, len(s.Globals), len(c.report.Globals))
	}
	inst, err := c.instantiate(ctx)
	if err != nil {
		return nil, err
	}
	if s.Base != c.baseSum { // the data segments are the module's: only a corrupt state differs
		inst.Close()
		return nil, fmt.Errorf("%w: its base is not this module's", format.ErrStaleHibernation)
	}
	if err := inst.restore(s); err != nil {
		inst.Close()
		return nil, err
	}
	return inst, nil
}

func (inst *Instance) restore(s format.MemoryState) error {
	globals, err := inst.class.globals(inst.mod)
	if err != nil {
		return err
	}
	m := inst.mod.Memory()
	if s.Size > 0 {
		if m == nil {
			return fmt.Errorf("%w: a hibernated state with memory, for a module without", format.ErrInvalidPlugin)
		}
		if have := m.Size(); have < s.Size {
			if _, ok := m.Grow((s.Size - have) / 65536); !ok {
				return fmt.Errorf("%w: the hibernated memory of %d bytes is over the limit", format.ErrMemoryLimit, s.Size)
			}
		}
		if m.Size() != s.Size {
			return fmt.Errorf("%w: a hibernated memory of %d bytes, smaller than the module's %d", format.ErrInvalidPlugin, s.Size, m.Size())
		}
		mem, _ := m.Read(0, m.Size())
		if err := s.ApplyMemory(mem); err != nil {
			return err
		}
	}
	for i, g := range globals {
		g.Set(s.Globals[i])
	}
	return nil
}
