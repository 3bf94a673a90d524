//! Numbers as the platform's Python computes and prints them: integers stay integers until a
//! decimal joins them (`7 + 0.5` is `7.5`, `20 + 0` is `20`), and decimals print like Python's
//! `repr` (`23.0`, `24.75`, `1e-05`).

use search_core::Cost;
use std::cmp::Ordering;
use std::fmt;
use std::ops::Add;

/// A Python number: an `int` or a `float`.
#[derive(Debug, Clone, Copy)]
pub enum Num {
    /// An integer (`7`).
    Int(i64),
    /// A decimal (`0.75`).
    Float(f64),
}

impl Num {
    /// The value as a decimal.
    #[allow(clippy::cast_precision_loss)]
    pub fn as_f64(self) -> f64 {
        match self {
            Self::Int(i) => i as f64,
            Self::Float(f) => f,
        }
    }

    /// Parses `75`, `-3`, `0.75`, `.75` or `2e3` (an integer when it has no `.` or exponent).
    /// `None` for anything else, and for infinities and NaN.
    pub fn parse(text: &str) -> Option<Self> {
        if !text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
            || !text.bytes().any(|b| b.is_ascii_digit())
        {
            return None;
        }
        if let Ok(i) = text.parse::<i64>() {
            return Some(Self::Int(i));
        }
        let f: f64 = text.parse().ok()?;
        f.is_finite().then_some(Self::Float(f))
    }

    /// Whether the value is below zero.
    pub fn is_negative(self) -> bool {
        self.as_f64() < 0.0
    }
}

impl From<i64> for Num {
    fn from(i: i64) -> Self {
        Self::Int(i)
    }
}

impl Add for Num {
    type Output = Self;
    #[inline]
    fn add(self, other: Self) -> Self {
        match (self, other) {
            (Self::Int(a), Self::Int(b)) => Self::Int(a.saturating_add(b)),
            _ => Self::Float(self.as_f64() + other.as_f64()),
        }
    }
}

impl PartialEq for Num {
    fn eq(&self, other: &Self) -> bool {
        self.total_order(other) == Ordering::Equal
    }
}

impl PartialOrd for Num {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.total_order(other))
    }
}

impl Cost for Num {
    const ZERO: Self = Self::Int(0);
    #[inline]
    fn total_order(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Self::Int(a), Self::Int(b)) => a.cmp(b),
            _ => {
                // Compare as Python does (numerically); -0.0 equals 0.
                let (a, b) = (self.as_f64(), other.as_f64());
                a.partial_cmp(&b).unwrap_or_else(|| a.total_cmp(&b))
            }
        }
    }
}

impl fmt::Display for Num {
    /// Python's `str`/`repr`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Int(i) => write!(f, "{i}"),
            Self::Float(x) => f.write_str(&python_float(*x)),
        }
    }
}

/// Python's `repr` of a float: the shortest digits that read back to the same value, in fixed
/// notation with at least one decimal when the decimal exponent is in `-4..16`, otherwise as
/// `d.ddde+XX`.
pub fn python_float(x: f64) -> String {
    if x.is_nan() {
        return "nan".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    // Rust's `{:e}` gives the shortest round-trip digits: "-2.475e1".
    let sci = format!("{x:e}");
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` exponent is an integer");
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    if (-4..16).contains(&exp) {
        let point = exp + 1; // digits before the decimal point
        let text = if point <= 0 {
            format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
        } else {
            let point = point as usize;
            if digits.len() <= point {
                format!("{digits}{}.0", "0".repeat(point - digits.len()))
            } else {
                format!("{}.{}", &digits[..point], &digits[point..])
            }
        };
        format!("{sign}{text}")
    } else {
        let rest = &digits[1..];
        let mantissa = if rest.is_empty() {
            digits[..1].to_owned()
        } else {
            format!("{}.{rest}", &digits[..1])
        };
        let exp_sign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{mantissa}e{exp_sign}{:02}", exp.unsigned_abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_python() {
        for (x, py) in [
            (23.0, "23.0"),
            (24.75, "24.75"),
            (20.5, "20.5"),
            (0.1 + 0.2, "0.30000000000000004"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1e15, "1000000000000000.0"),
            (1e16, "1e+16"),
            (1.5e17, "1.5e+17"),
            (-2.5, "-2.5"),
            (0.0, "0.0"),
            (123_456.789, "123456.789"),
        ] {
            assert_eq!(python_float(x), py, "{x}");
        }
    }

    #[test]
    fn int_plus_float_is_float() {
        assert_eq!((Num::Int(7) + Num::Float(0.5)).to_string(), "7.5");
        assert_eq!((Num::Int(20) + Num::Int(0)).to_string(), "20");
        assert_eq!((Num::Float(22.5) + Num::Float(0.5)).to_string(), "23.0");
        assert_eq!(Num::Int(1), Num::Float(1.0));
        assert!(Num::Int(1) < Num::Float(1.5));
    }

    #[test]
    fn parses_ints_and_decimals() {
        assert!(matches!(Num::parse("75"), Some(Num::Int(75))));
        assert!(matches!(Num::parse(".75"), Some(Num::Float(x)) if x == 0.75));
        assert!(matches!(Num::parse("2.5"), Some(Num::Float(x)) if x == 2.5));
        for bad in ["", "x", "1.2.3", "inf", "nan", "1e999", "-"] {
            assert!(Num::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn signs_and_order() {
        for (text, negative) in [("-3", true), ("-0.5", true), ("-1e-9", true), ("0", false)] {
            assert_eq!(Num::parse(text).unwrap().is_negative(), negative, "{text}");
        }
        for (num, negative) in [(Num::Float(0.0), false), (Num::Float(-0.0), false)] {
            assert_eq!(num.is_negative(), negative, "{num}");
        }
        assert!(!Num::Float(2.5).is_negative() && !Num::Int(1).is_negative());
        assert_ne!(Num::Int(1), Num::Int(2));
        assert_ne!(Num::Int(1), Num::Float(1.5));
        // Integers compare exactly, also where f64 cannot tell them apart.
        let big = i64::MAX - 1;
        assert!(Num::Int(big) < Num::Int(big + 1));
        assert!(Num::Int(big + 1) > Num::Int(big));
        assert_ne!(Num::Int(big), Num::Int(big + 1));
        assert_eq!(Num::Int(big), Num::Int(big));
    }

    #[test]
    fn special_floats_print_like_python() {
        assert_eq!(python_float(f64::INFINITY), "inf");
        assert_eq!(python_float(f64::NEG_INFINITY), "-inf");
        assert_eq!(python_float(f64::NAN), "nan");
        assert_eq!(python_float(-1.5e-7), "-1.5e-07");
        assert_eq!(python_float(-1e22), "-1e+22");
    }

    /// Every finite float prints as digits that read back to it (Python's `repr` promise).
    #[test]
    fn printed_floats_read_back() {
        use rand::{Rng, SeedableRng, rngs::StdRng};
        let mut rng = StdRng::seed_from_u64(31);
        for _ in 0..2000 {
            let x = f64::from_bits(rng.random());
            if x.is_finite() {
                let text = python_float(x);
                assert_eq!(
                    text.parse::<f64>().unwrap().to_bits(),
                    x.to_bits(),
                    "{text}"
                );
            }
        }
    }
}
