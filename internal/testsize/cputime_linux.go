package testsize

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// threadCPUTime returns the CPU time of the current thread, which a
// machine busy with other work does not inflate as it does wall time.
// Callers lock the goroutine to its thread.
func threadCPUTime() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}

// timeRun returns how long run takes, in CPU time of its thread.
func timeRun(run func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPUTime()
	run()
	return threadCPUTime() - start
}
