package jsbundle_test

import (
	"fmt"

	"github.com/sobjects/sobjects/jsbundle"
)

func ExampleBundle() {
	p, err := jsbundle.Bundle("counter", []byte(`import { DurableObject } from "cloudflare:workers";
import { readFileSync } from "node:fs";
export class Counter extends DurableObject { read() { return readFileSync("/etc/hostname"); } }
`))
	if err != nil {
		panic(err)
	}
	fmt.Println(jsbundle.IsBundle(p.Bundle), p.Name, p.Classes, p.HasDefault)
	fmt.Println(p.Unsupported)
	fmt.Println(p.Check())
	// Output:
	// true counter [Counter] false
	// [node:fs]
	// unsupported APIs: node:fs
}
