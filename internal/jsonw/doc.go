// Package jsonw writes JSON by appending to byte slices: strings and numbers
// byte-identical to encoding/json (with or without HTML escaping) or to
// JavaScript's JSON.stringify, objects and arrays with optional indentation,
// and arbitrary Go values with a reflection fallback. It is shared by errorx,
// format and render and is not API.
package jsonw
