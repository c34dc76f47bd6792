package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/sobjects/sobjects/cluster"
)

// newClusterCmd is `sobjects cluster`, whose `certs` makes the files of mutual TLS
// between nodes.
func newClusterCmd() *cobra.Command {
	c := &cobra.Command{Use: "cluster", Short: "Tools for running several nodes"}
	certs := &cobra.Command{
		Use:   "certs NODE...",
		Short: "Make a development certificate authority and a certificate for each node",
		Long: `Make the files of mutual TLS between the nodes of a cluster, for development and trials:
a certificate authority (ca.pem, ca-key.pem) and, for each NODE, NODE.pem and NODE-key.pem,
signed by it, for the names and addresses of --host (the hosts in the nodes'
--peer-advertise URLs). Each node then runs with
  --peer-tls-cert DIR/NODE.pem --peer-tls-key DIR/NODE-key.pem --peer-tls-ca DIR/ca.pem
(--peer-advertise then defaults to https://). Keys are ECDSA P-256, written mode 0600; node
certificates last --days, the authority ten times as long. An authority already in
--dir signs the new certificates, so nodes can be added later. For production, use
certificates from your own authority: any that sign the nodes' certificates for both
server and client authentication work.`,
		Example: `  sobjects cluster certs --dir certs --host 127.0.0.1,localhost n1 n2 n3`,
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, _ := cmd.Flags().GetString("dir")
			hosts, _ := cmd.Flags().GetStringSlice("host")
			days, _ := cmd.Flags().GetInt("days")
			if days < 1 {
				return usageError{fmt.Errorf("--days: want 1 or more, got %d", days)}
			}
			if len(hosts) == 0 {
				return usageError{errors.New("--host: name the hosts (or IP addresses) of the nodes' peer URLs")}
			}
			for _, n := range args {
				if err := cluster.ValidateName(n); err != nil {
					return usageError{err}
				}
			}
			wrote, err := cluster.WriteCerts(dir, hosts, args, time.Duration(days)*24*time.Hour)
			if err != nil {
				return err
			}
			for _, p := range wrote {
				fmt.Fprintln(cmd.OutOrStdout(), "wrote", p)
			}
			return nil
		},
	}
	certs.Flags().String("dir", "certs", "the folder to write the files into")
	certs.Flags().StringSlice("host", nil, "the DNS names and IP addresses the nodes are reached at (comma-separated); required")
	certs.Flags().Int("days", 365, "how long the node certificates last")
	c.AddCommand(certs)
	return c
}
