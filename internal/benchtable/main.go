package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// sample is one benchmark's measurements over its runs.
type sample struct{ ns, bytes, allocs []float64 }

var line = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+([\d.]+) B/op)?(?:\s+([\d.]+) allocs/op)?`)

func main() {
	samples := map[string]*sample{}
	var order []string
	var header []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		t := sc.Text()
		if strings.HasPrefix(t, "goos:") || strings.HasPrefix(t, "goarch:") || strings.HasPrefix(t, "cpu:") {
			if !slices.Contains(header, t) {
				header = append(header, t)
			}
		}
		m := line.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		s, ok := samples[m[1]]
		if !ok {
			s = &sample{}
			samples[m[1]] = s
			order = append(order, m[1])
		}
		s.ns = append(s.ns, num(m[2]))
		s.bytes = append(s.bytes, num(m[3]))
		s.allocs = append(s.allocs, num(m[4]))
	}
	for _, h := range header {
		fmt.Println(h)
	}
	fmt.Println()
	fmt.Println("| benchmark | mcperr ns/op | baseline ns/op | speed-up | mcperr B/op, allocs | baseline B/op, allocs |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	for _, name := range order {
		if !strings.Contains(name, "impl=mcperr") {
			continue
		}
		m := samples[name]
		b, ok := samples[strings.Replace(name, "impl=mcperr", "impl=baseline", 1)]
		short := strings.TrimPrefix(strings.Replace(name, "/impl=mcperr", "", 1), "Benchmark")
		if !ok {
			fmt.Printf("| %s | %.0f | – | – | %.0f, %.0f | – |\n", short, median(m.ns), median(m.bytes), median(m.allocs))
			continue
		}
		fmt.Printf("| %s | %.0f | %.0f | %.1f× | %.0f, %.0f | %.0f, %.0f |\n", short, median(m.ns), median(b.ns),
			median(b.ns)/median(m.ns), median(m.bytes), median(m.allocs), median(b.bytes), median(b.allocs))
	}
}

func num(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
