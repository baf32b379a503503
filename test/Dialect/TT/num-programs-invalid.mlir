// The verifier rules of tt.get_num_programs, tt.print and tt.assert.
// RUN: mytriton-opt %s -split-input-file -verify-diagnostics

tt.func @axis_out_of_range() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{grid axis 3 is out of range; the launch grid has axes 0, 1 and 2}}
  %g = tt.get_num_programs 3 : i32
  tt.return
}

// -----

tt.func @negative_axis() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{grid axis -1 is out of range}}
  %g = tt.get_num_programs -1 : i32
  tt.return
}

// -----

tt.func @print_pointer(%x: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{operand 0 is a pointer, which has no printable value}}
  tt.print " x: " %x : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @print_control_character(%n: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{prefix must be printable ASCII, got the byte 10}}
  tt.print " n:\0A" %n : i32
  tt.return
}

// -----

tt.func @assert_on_numbers(%n: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{operand #0 must be i1 or tensor of i1}}
  tt.assert %n, "n" : i32
  tt.return
}
