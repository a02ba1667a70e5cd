package serve_test

import (
	"fmt"
	"io"
	"net/http"

	"github.com/mcperr/mcperr/examples/internal/serve"
)

// Listen with port 0 picks a free port; URL says where the handler is.
func ExampleListen() {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "hello") })
	s, err := serve.Listen("127.0.0.1:0", h)
	if err != nil {
		fmt.Println(err)
		return
	}
	go s.Serve()
	defer s.Close()

	res, err := http.Get(s.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	fmt.Println(res.Status, string(body))
	// Output: 200 OK hello
}
