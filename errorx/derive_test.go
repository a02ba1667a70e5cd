package errorx_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcperr/mcperr/errorx"
)

// TestStatusClassifies: an error that states no class and has no
// well-known code takes its class from its HTTP status, in Go and in the
// JSON form, by the table FromStatus uses.
func TestStatusClassifies(t *testing.T) {
	for status, want := range map[int]errorx.Class{
		0: errorx.ClassInternal, 200: errorx.ClassInternal, 302: errorx.ClassInternal,
		400: errorx.ClassValidation, 422: errorx.ClassValidation, 418: errorx.ClassValidation,
		401: errorx.ClassPermission, 403: errorx.ClassPermission,
		404: errorx.ClassNotFound, 409: errorx.ClassConflict,
		429: errorx.ClassTransient, 500: errorx.ClassTransient, 503: errorx.ClassTransient, 599: errorx.ClassTransient,
		600: errorx.ClassTransient, 999: errorx.ClassTransient, 1404: errorx.ClassInternal, -404: errorx.ClassInternal,
	} {
		for _, code := range []string{"", "ProjectNotFound"} {
			if got := errorx.New(code, "m").WithStatus(status).EffectiveClass(); got != want {
				t.Errorf("New(%q).WithStatus(%d): class %v, want %v", code, status, got, want)
			}
			if got := errorx.DeriveClass(code, status); got != want {
				t.Errorf("DeriveClass(%q, %d) = %v, want %v", code, status, got, want)
			}
		}
		if !errorx.IsStatus(status) {
			continue
		}
		var e errorx.Error
		if err := json.Unmarshal([]byte(`{"message":"m","status":`+itoa(status)+`}`), &e); err != nil {
			t.Fatal(err)
		}
		if e.EffectiveClass() != want {
			t.Errorf(`{"status":%d}: class %v, want %v`, status, e.EffectiveClass(), want)
		}
		if got := errorx.FromStatus(status, "").EffectiveClass(); got != want {
			t.Errorf("FromStatus(%d): class %v, want %v (one table)", status, got, want)
		}
	}
}

// TestDeriveOrder: an explicit class wins over a well-known code, which
// wins over the status.
func TestDeriveOrder(t *testing.T) {
	if c := errorx.New("INTERNAL_ERROR", "m").WithStatus(404).EffectiveClass(); c != errorx.ClassInternal {
		t.Errorf("well-known code with status 404: %v, want INTERNAL (the code wins)", c)
	}
	if c := errorx.New("", "m").WithStatus(404).WithClass(errorx.ClassConflict).EffectiveClass(); c != errorx.ClassConflict {
		t.Errorf("explicit class with status 404: %v, want CONFLICT", c)
	}
	var e errorx.Error
	if err := json.Unmarshal([]byte(`{"code":"RATE_LIMITED","status":404}`), &e); err != nil || e.EffectiveClass() != errorx.ClassTransient {
		t.Errorf(`{"code":"RATE_LIMITED","status":404}: %v, %v`, e.EffectiveClass(), err)
	}
	if err := json.Unmarshal([]byte(`{"class":"CONFLICT","status":404}`), &e); err != nil || e.EffectiveClass() != errorx.ClassConflict {
		t.Errorf(`{"class":"CONFLICT","status":404}: %v, %v`, e.EffectiveClass(), err)
	}
}

// TestStatusRetryable: a status-derived TRANSIENT is retryable, a
// status-derived NOT_FOUND is not.
func TestStatusRetryable(t *testing.T) {
	if !errorx.New("", "m").WithStatus(503).IsRetryable() {
		t.Error("status 503: not retryable")
	}
	if errorx.New("", "m").WithStatus(404).IsRetryable() {
		t.Error("status 404: retryable")
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func ExampleDeriveClass() {
	fmt.Println(errorx.DeriveClass("RATE_LIMITED", 404)) // a well-known code wins
	fmt.Println(errorx.DeriveClass("ProjectNotFound", 404))
	fmt.Println(errorx.DeriveClass("", 503))
	fmt.Println(errorx.DeriveClass("ProjectNotFound", 0))
	// Output:
	// TRANSIENT
	// NOT_FOUND
	// TRANSIENT
	// INTERNAL
}
