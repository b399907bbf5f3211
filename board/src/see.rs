pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];
