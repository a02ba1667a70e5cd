// Command benchtable reads `go test -bench` output and prints, for every
// benchmark that has an impl=mcperr and an impl=baseline variant, the
// medians of both and their ratio, as a markdown table. scripts/bench runs
// it; the raw lines it reads stay benchstat-comparable.
package main
