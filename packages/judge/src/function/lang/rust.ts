import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

function rsType(t: ValueType): string {
  const { base, depth } = splitType(t);
  let s = { int: 'i32', long: 'i64', double: 'f64', bool: 'bool', string: 'String' }[base];
  for (let d = 0; d < depth; d++) s = `Vec<${s}>`;
  return s;
}

function harness(sig: FunctionSignature): string {
  const args = sig.params
    .map((p, k) => `    let a${k}: ${rsType(p.type)} = assessly_harness::Get::get(&mut rd);`)
    .join('\n');
  return `
mod assessly_harness {
    pub struct Rd { pub t: Vec<String>, pub p: usize }
    impl Rd { pub fn n(&mut self) -> String { self.p += 1; self.t[self.p - 1].clone() } }
    pub trait Get: Sized { fn get(r: &mut Rd) -> Self; }
    impl Get for i32 { fn get(r: &mut Rd) -> Self { r.n().parse().unwrap() } }
    impl Get for i64 { fn get(r: &mut Rd) -> Self { r.n().parse().unwrap() } }
    impl Get for f64 { fn get(r: &mut Rd) -> Self { r.n().parse().unwrap() } }
    impl Get for bool { fn get(r: &mut Rd) -> Self { r.n() == "1" } }
    impl Get for String {
        fn get(r: &mut Rd) -> Self {
            let h = r.n();
            let b: Vec<u8> = (1..h.len()).step_by(2).map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap()).collect();
            String::from_utf8_lossy(&b).into_owned()
        }
    }
    impl<T: Get> Get for Vec<T> {
        fn get(r: &mut Rd) -> Self { let n: usize = r.n().parse().unwrap(); (0..n).map(|_| T::get(r)).collect() }
    }
    pub trait Put { fn put(&self, o: &mut String); }
    impl Put for i32 { fn put(&self, o: &mut String) { o.push_str(&format!(" {}", self)); } }
    impl Put for i64 { fn put(&self, o: &mut String) { o.push_str(&format!(" {}", self)); } }
    impl Put for f64 { fn put(&self, o: &mut String) { o.push_str(&format!(" {:?}", self)); } }
    impl Put for bool { fn put(&self, o: &mut String) { o.push_str(if *self { " 1" } else { " 0" }); } }
    impl Put for String { fn put(&self, o: &mut String) { o.push_str(&format!(" {}", hex(self))); } }
    impl<T: Put> Put for Vec<T> {
        fn put(&self, o: &mut String) { o.push_str(&format!(" {}", self.len())); for x in self { x.put(o); } }
    }
    pub fn hex(s: &str) -> String { let mut o = String::from("x"); for b in s.bytes() { o.push_str(&format!("{:02x}", b)); } o }
    extern "C" { pub fn dup(fd: i32) -> i32; pub fn dup2(a: i32, b: i32) -> i32; }
}

fn main() {
    use std::io::{Read, Write};
    use std::os::unix::io::FromRawFd;
    let mut all = String::new();
    std::io::stdin().read_to_string(&mut all).unwrap();
    let mut rd = assessly_harness::Rd { t: all.split_whitespace().map(String::from).collect(), p: 0 };
    let nonce = rd.n();
${args}
    // what the candidate prints is debug output: stdout carries only the harness's record
    std::io::stdout().flush().ok();
    let mut out = unsafe { let fd = assessly_harness::dup(1); assessly_harness::dup2(2, 1); std::fs::File::from_raw_fd(fd) };
    let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || ${sig.name}(${sig.params.map((_, k) => `a${k}`).join(', ')})));
    let body = match res {
        Ok(v) => { let mut o = String::from("ok"); assessly_harness::Put::put(&v, &mut o); o }
        Err(e) => {
            let msg = e.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| e.downcast_ref::<String>().cloned()).unwrap_or_default();
            format!("exception {}", assessly_harness::hex(&format!("panic: {}", msg)))
        }
    };
    std::io::stdout().flush().ok();
    out.write_all(format!("\\n@@ASR-{} {} @@ASE-{}\\n", nonce, body, nonce).as_bytes()).unwrap();
}
`;
}

export const rust: LanguageGenerator = {
  starter(sig) {
    const params = sig.params.map((p) => `${p.name}: ${rsType(p.type)}`).join(', ');
    return `fn ${sig.name}(${params}) -> ${rsType(sig.returns)} {\n\n}\n`;
  },
  program: (sig, code) => `${code}\n${harness(sig)}`,
};
