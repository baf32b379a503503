// tt ops outside a kernel used to verify and pass through.
%pid = tt.get_program_id 0 : i32
%r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
