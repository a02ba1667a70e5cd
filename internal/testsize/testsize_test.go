package testsize

import "testing"

func TestN(t *testing.T) {
	t.Setenv(Env, "")
	if Long() || N(1, 2) != 1 {
		t.Errorf("unset: Long %v, N(1, 2) = %d; want false, 1", Long(), N(1, 2))
	}
	t.Setenv(Env, "0")
	if Long() || N(1, 2) != 1 {
		t.Errorf("0: Long %v, N(1, 2) = %d; want false, 1", Long(), N(1, 2))
	}
	t.Setenv(Env, "1")
	if !Long() || N(1, 2) != 2 {
		t.Errorf("1: Long %v, N(1, 2) = %d; want true, 2", Long(), N(1, 2))
	}
}
