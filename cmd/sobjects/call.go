package main

import (
	"fmt"
	"net/url"

	"github.com/spf13/cobra"
)

func newCallCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "call CLASS NAME METHOD [INPUT]",
		Short: "Call a method of an object on a running server and print its output",
		Example: `  sobjects call counter alice increment '{"by":2}'
  sobjects call kv shelf get '{"key":"a"}'`,
		Args: usage(cobra.RangeArgs(3, 4)),
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := config(cmd)
			if err != nil {
				return err
			}
			var input []byte
			if len(args) == 4 {
				input = []byte(args[3])
			}
			u := serverURL(cmd, v) + "/v1/objects/" +
				url.PathEscape(args[0]) + "/" + url.PathEscape(args[1]) + "/" + url.PathEscape(args[2])
			out, err := request("POST", u, input, false)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), string(out))
			return nil
		},
	}
	addClientFlags(cmd)
	return cmd
}
