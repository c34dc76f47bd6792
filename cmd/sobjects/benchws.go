package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/cobra"

	"github.com/sobjects/sobjects/conformance"
)

func newBenchWSCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bench-ws",
		Short: "Put WebSocket load on a chat room and report deliveries, latency and memory",
		Long: `Connect WebSocket clients to a chat room that speaks the protocol of the chat examples
(plugins/chat, JsChat, and the room app conformance/fixtures/wsroom, which runs on
workerd too) and measure it. --room-url is a room's URL with {room} where its name goes;
each client joins with ?name=cN.

--mode broadcast: --clients sockets join one room; the first sends messages of its own,
--in-flight at a time (a message is in flight until its sender gets its copy), for
--warmup unmeasured and then --duration; every socket receives each. It reports
deliveries per second (messages x sockets, over the first send to the last delivery)
and the latency from each send to each delivery, p50, p99 and max.

--mode wake: --clients sockets over --rooms rooms (round-robin), then it waits until
the server's /metrics shows no resident object (run the server with a short
--idle-evict: the rooms are evicted, their sockets hibernated), then sends one message
to each room in turn and times it from the send until the sender's own copy comes back
(the room activated again), and a second one (the room awake). --server-pid P adds the
server's resident memory (VmRSS, Linux) before connecting and with the sockets open.

The driver needs a file descriptor per socket (ulimit -n), as the server does.`,
		Example: `  sobjects bench-ws --room-url 'http://127.0.0.1:8787/chat/{room}' --clients 1000
  sobjects bench-ws --room-url 'http://127.0.0.1:8787/v1/objects/chat/{room}/fetch' --mode wake --clients 10000 --rooms 100 --server-pid 1234`,
		Args: usage(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			v, err := config(cmd)
			if err != nil {
				return err
			}
			opts := conformance.WSLoadOptions{
				RoomURL:   v.GetString("room-url"),
				Mode:      v.GetString("mode"),
				Clients:   v.GetInt("clients"),
				Rooms:     v.GetInt("rooms"),
				InFlight:  v.GetInt("in-flight"),
				Duration:  v.GetDuration("duration"),
				Warmup:    v.GetDuration("warmup"),
				Prefix:    v.GetString("prefix"),
				ServerPID: v.GetInt("server-pid"),
			}
			if opts.Warmup == 0 {
				opts.Warmup = -1 // WSLoadOptions: zero means the default, negative none
			}
			if opts.Mode == conformance.WSBroadcast && !cmd.Flags().Changed("rooms") {
				opts.Rooms = 1
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			r, err := conformance.RunWSLoad(ctx, opts)
			if errors.Is(err, conformance.ErrInvalidOptions) {
				fmt.Fprintf(cmd.ErrOrStderr(), "error: %v\n(see sobjects bench-ws --help)\n", err)
				return exitError{2}
			}
			if err != nil && !errors.Is(err, ctx.Err()) {
				return fmt.Errorf("%w (is a chat room serving at that --room-url?)", err)
			}
			if perr := printReport(cmd.OutOrStdout(), v.GetBool("json"), r); perr != nil {
				return perr
			}
			if err != nil {
				return fmt.Errorf("interrupted: %w", err)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.String("room-url", "http://127.0.0.1:8787/chat/{room}", "URL of a room, {room} where its name goes (http, https, ws or wss)")
	f.String("mode", conformance.WSBroadcast, "what to measure: broadcast or wake")
	f.Int("clients", 100, "sockets in all")
	f.Int("rooms", 100, "with --mode wake: rooms the sockets spread over")
	f.Int("in-flight", 8, "with --mode broadcast: messages sent and not yet received back by their sender")
	f.Duration("duration", 10*time.Second, "with --mode broadcast: how long to measure, after --warmup")
	f.Duration("warmup", time.Second, "with --mode broadcast: how long to send before measuring; 0 for none")
	f.String("prefix", "", "room name prefix: room i is PREFIX+i (default: new names each run)")
	f.Int("server-pid", 0, "with --mode wake: the server's process id, to report its resident memory")
	f.Bool("json", false, "print the result as JSON (latencies in microseconds)")
	return cmd
}
