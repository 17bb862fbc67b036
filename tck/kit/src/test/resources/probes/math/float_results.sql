-- result types of DataFusion's math functions on every numeric input type and NULL: the unary float functions answer
-- Float32 for a Float32 input and Float64 for any other; abs keeps its input type; gcd/lcm/factorial are Int64
-- (DataFusion 52 datafusion/functions/src/math/{mod.rs,abs.rs,round.rs,trunc.rs,ceil.rs,floor.rs,signum.rs,gcd.rs,lcm.rs,factorial.rs,power.rs,log.rs,nanvl.rs,iszero.rs,nans.rs,pi.rs}, as registered by GreptimeDB v1.0.0)
CREATE TABLE mf (ts TIMESTAMP TIME INDEX, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE);

INSERT INTO mf VALUES (1000, -4, 9, 16, -27, 4, 8, 2.25, -0.5), (2000, 0, 0, 0, 0, 0, 0, 0, 0), (3000, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT ceil(i8), ceil(i16), ceil(i32), ceil(i64), ceil(u8), ceil(u64), ceil(f32), ceil(f64) FROM mf ORDER BY ts;

SELECT floor(i8), round(i32), round(f32), round(f64, 1), trunc(i64), trunc(f32), trunc(u64) FROM mf ORDER BY ts;

SELECT abs(i8), abs(i16), abs(i64), abs(u8), abs(f32), abs(f64) FROM mf ORDER BY ts;

SELECT sqrt(i32), sqrt(f32), cbrt(i64), exp(i8), ln(u8), log2(u64), log10(i16), log(f32) FROM mf ORDER BY ts;

SELECT signum(i8), signum(f32), signum(f64), degrees(i32), radians(f32), sin(i8), cos(u8), atan2(i8, i32) FROM mf ORDER BY ts;

SELECT power(i32, 2), power(f32, 2), power(i8, u8), pow(f64, 2), gcd(i32, i64), lcm(i8, i16), factorial(u8) FROM mf ORDER BY ts;

SELECT isnan(i32), isnan(f32), iszero(i64), iszero(f64), nanvl(f32, 1), nanvl(i32, f64) FROM mf ORDER BY ts;

SELECT ceil(NULL), floor(NULL), round(NULL), trunc(NULL), abs(NULL), sqrt(NULL), signum(NULL), power(NULL, 2);

SELECT ceil(7), floor(-7), round(-0.5), round(0.5), round(1.005, 2), trunc(-0.5), signum(0), signum(-0.0);

SELECT pi(), degrees(pi()), radians(180), sin(0), cos(0), tan(0), asin(1), acos(1), atan(1), atan2(1, 1);

SELECT sinh(0), cosh(0), tanh(0), asinh(0), acosh(1), atanh(0), cot(1), exp(0), exp(1);

SELECT sqrt(2), cbrt(-8), ln(0), log2(0), log10(-1), log(10, 100), log(2.0, 0.5), power(-8, 0.5), power(2.5, 2);

SELECT gcd(0, 0), gcd(-12, 18), lcm(0, 5), lcm(-4, 6), factorial(0), factorial(20), factorial(21);

SELECT round(2.5, NULL), trunc(1.5, -1), round(123.456, -1), round(-123.456, 1), trunc(-123.456, 2);

SELECT abs(-128::TINYINT), abs(-9223372036854775808);

SELECT sqrt('4'), abs('x');

SELECT ceil(), round(1, 2, 3);

DROP TABLE mf;
