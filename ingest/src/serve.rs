//! Serve commands from `shell` blocks: `lmdeploy serve api_server MODEL ...`,
//! `vllm serve MODEL`, `docker run ... vllm/vllm-openai:TAG --model ...`,
//! `python3 -m sglang.launch_server --model-path ...`, `sglang serve --model-path ...`,
//! `trtllm-serve MODEL`. Container options
//! are set apart from server flags; environment and image tag are kept. What the flags say
//! about precision is read in `precision`.

use crate::client::flags;
use crate::text::Needle;
use benchsite_model::{Flag, Params};

/// A parsed serve command.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Serve {
    pub line: u32,
    pub params: Params,
    pub model: Option<String>,
    pub tp: Option<u32>,
    /// TP × PP × DP when any of them is given.
    pub gpu_count: Option<u32>,
    /// True when the command still holds shell variables (`$MODEL_REPO_ID`): a template.
    pub template: bool,
}

/// Docker options that take a value (the next word) rather than being switches.
const DOCKER_VALUE_OPTS: [&str; 24] = [
    "-v", "--volume", "-p", "--publish", "-e", "--env", "--name", "--gpus", "--runtime", "--net", "--network",
    "--ipc", "--shm-size", "--ulimit", "-w", "--workdir", "--entrypoint", "--device", "--cpus", "--memory",
    "-u", "--user", "--mount", "--env-file",
];

/// What a serve command holds, as written or behind shell quoting (`vllm 'serve'`, `ser\ve`):
/// every command word `is_serve` looks for holds `serve`, `entrypoints` or `docker`, and only a
/// quote or a backslash can make shell splitting produce one the text does not hold.
static SERVE_HINTS: [Needle; 6] =
    [Needle::new("serve"), Needle::new("entrypoints"), Needle::new("docker"), Needle::new("'"), Needle::new("\""), Needle::new("\\")];

/// Finds the serve command in a shell block whose first line is `first_line`. Only the
/// commands holding a hint are split into words (a log block's lines are not).
pub fn parse_serve(block: &str, first_line: u32) -> Option<Serve> {
    let hints: Vec<&Needle> = SERVE_HINTS.iter().collect();
    crate::client::joined_commands_with(block, first_line, &hints).into_iter().find_map(|(line, text)| parse_command(&text, line))
}

/// Every serve command of a shell block, in order (an A/B log restarts the server between
/// its runs: `launch_server … --disable-X`, a result, `launch_server …`, a result).
pub fn parse_serves(block: &str, first_line: u32) -> Vec<Serve> {
    let hints: Vec<&Needle> = SERVE_HINTS.iter().collect();
    crate::client::joined_commands_with(block, first_line, &hints).into_iter().filter_map(|(line, text)| parse_command(&text, line)).collect()
}

fn is_serve(words: &[String]) -> bool {
    // `pkill -f "vllm serve"`, `ps aux | grep vllm serve`: a command naming a server, not
    // starting one.
    const NOT_STARTING: [&str; 12] = ["pkill", "kill", "killall", "pgrep", "ps", "grep", "echo", "cat", "tail", "which", "pip", "pip3"];
    if words.first().is_some_and(|w| NOT_STARTING.contains(&w.as_str())) {
        return false;
    }
    let text = words.join(" ");
    text.contains("lmdeploy serve")
        || text.contains("vllm serve")
        || text.contains("vllm.entrypoints")
        // FastDeploy's and ATOM's OpenAI servers (`python -m fastdeploy.entrypoints.openai.api_server`).
        || text.contains("fastdeploy.entrypoints")
        || text.contains("atom.entrypoints")
        // MindIE as GPUStack's pages start it (`mindie serve Qwen3-30B-A3B --enable-prefix-caching`).
        || text.contains("mindie serve")
        // LightLLM's (`python -m lightllm.server.api_server --model_dir … --tp 8`).
        || text.contains("lightllm.server")
        || text.contains("sglang.launch_server")
        || text.contains("sgl_jax.launch_server")
        || text.contains("sglang serve")
        || text.contains("trtllm-serve")
        // llama.cpp's OpenAI server (`llama-server -m /models/x.gguf -ngl 99`).
        || words
            .iter()
            .find(|w| env_pair(w).is_none() && !matches!(w.as_str(), "sudo" | "nohup" | "exec" | "time"))
            .is_some_and(|w| is_llama_server(w))
        || (words.first().map(String::as_str) == Some("docker") && words.get(1).map(String::as_str) == Some("run"))
}

fn parse_command(command: &str, line: u32) -> Option<Serve> {
    let command = command.trim().trim_start_matches("$ ").trim();
    let words = shlex::split(command).unwrap_or_else(|| command.split_whitespace().map(String::from).collect());
    if words.is_empty() || !is_serve(&words) {
        return None;
    }
    let mut serve = Serve { line, ..Serve::default() };
    serve.params.command = Some(command.to_string());
    let mut rest: &[String] = &words;
    // Leading `KEY=value` assignments set the server's environment.
    while let Some((k, v)) = rest.first().and_then(|w| env_pair(w)) {
        serve.params.env.insert(k, v);
        rest = &rest[1..];
    }
    if rest.first().map(String::as_str) == Some("docker") {
        rest = docker(rest, &mut serve.params);
        // Triton's `…-py3-sdk` image holds the clients (`genai-perf`, `perf_analyzer`): a
        // container started to benchmark from, not a server.
        if serve.params.image.as_deref().is_some_and(|i| i.rsplit(':').next().is_some_and(|tag| tag.ends_with("-sdk"))) {
            return None;
        }
        // `docker run … -it $img /bin/bash`: a shell to work in, no server started.
        let shell = |w: &String| matches!(w.rsplit('/').next(), Some("bash" | "sh" | "zsh"));
        if rest.first().is_some_and(shell) && rest.len() == 1 {
            return None;
        }
    }
    // A server's word that is a variable (`--model $MODEL`, `--tp=${TP}`); not one in the
    // environment or in docker's options (`-v $HF_HOME:/root/.cache`, `-e HF_TOKEN=$HF_TOKEN`),
    // nor a path holding one (`adapter1=/root/…/snapshots/${SNAPSHOT_ID}/`), which say nothing of
    // the model, the parallelism or the flags' values.
    serve.template = rest.iter().any(|w| w.starts_with('$') || w.contains("=$"));
    server(rest, &mut serve);
    Some(serve)
}

/// llama.cpp's server program (`llama-server`, `build/bin/llama-server`).
fn is_llama_server(word: &str) -> bool {
    word.rsplit('/').next() == Some("llama-server")
}

fn env_pair(word: &str) -> Option<(String, String)> {
    let (k, v) = word.split_once('=')?;
    (!k.is_empty() && k.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
        .then(|| (k.to_string(), v.to_string()))
}

/// Consumes `docker run [options] IMAGE`, returning the container's command words.
fn docker<'w>(words: &'w [String], params: &mut Params) -> &'w [String] {
    let mut i = 2; // docker run
    while i < words.len() {
        let w = words[i].as_str();
        if !w.starts_with('-') {
            params.image = Some(w.to_string());
            return &words[i + 1..];
        }
        let (name, inline) = match w.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (w, None),
        };
        let value = if inline.is_some() {
            inline
        } else if DOCKER_VALUE_OPTS.contains(&name) {
            i += 1;
            words.get(i).cloned()
        } else {
            None
        };
        if matches!(name, "-e" | "--env") {
            if let Some((k, v)) = value.as_deref().and_then(|v| v.split_once('=')) {
                params.env.insert(k, v.to_string());
            }
        }
        i += 1;
    }
    &words[words.len()..]
}

/// Reads the server part: positional model, flags, TP/PP/DP.
fn server(words: &[String], serve: &mut Serve) {
    // `drun -p 30000:30000 -e HIP_VISIBLE_DEVICES=6 … python3 -m sglang.launch_server …`: a
    // container launched through an alias, whose options are no engine flags: the server
    // starts at its entry point.
    let entry = words.iter().position(|w| w.ends_with("launch_server") || w.ends_with("openai.api_server"));
    let words = match entry {
        Some(e) if words[..e].iter().any(|w| w.starts_with('-') && w != "-m") => &words[e.saturating_sub(usize::from(e > 0 && words[e - 1] == "-m"))..],
        _ => words,
    };
    let first_flag = words.iter().position(|w| w.starts_with('-') && w != "-m").unwrap_or(words.len());
    let head = &words[..first_flag];
    // Positional model: `lmdeploy serve api_server MODEL`, `vllm serve MODEL`, `trtllm-serve MODEL`.
    let command = head.iter().rposition(|w| matches!(w.as_str(), "api_server" | "serve" | "trtllm-serve"));
    let mut positional = command.and_then(|i| head.get(i + 1)).cloned();
    let mut tail: Vec<&str> = words[first_flag..].iter().map(String::as_str).collect();
    // `lmdeploy serve api_server --tp 8 --server-port 23333 /models/Qwen3-32B`: LMDeploy's
    // `model_path` is an argparse positional, which may stand after the flags.
    if positional.is_none() && command.is_some_and(|i| head[i] == "api_server") {
        if let Some(k) = lmdeploy_model_after_flags(&tail) {
            positional = Some(tail.remove(k).to_string());
        }
    }
    // `vllm serve -tp 8 meta-llama/Llama-3.1-70B-Instruct …`: vLLM's `model_tag` is one too.
    // Without vLLM's list of switches, only a word right after an option's value is read as
    // it (an option takes one value), never the word after an option.
    let vllm = command.is_some_and(|i| head[i] == "serve" && i > 0 && head[i - 1] == "vllm");
    if positional.is_none() && vllm && !tail.iter().any(|w| *w == "--model" || w.starts_with("--model=")) {
        let k = (2..tail.len()).find(|&k| {
            let (option, value, word) = (tail[k - 2], tail[k - 1], tail[k]);
            option.starts_with('-') && !option.contains('=') && !value.starts_with('-') && !word.starts_with('-')
        });
        if let Some(k) = k {
            positional = Some(tail.remove(k).to_string());
        }
    }
    let mut flag_list: Vec<Flag> = flags(&shlex::try_join(tail.iter().copied()).unwrap_or_default())
        .into_iter()
        .map(|(name, value)| Flag { name, value })
        .collect();
    let get = |flags: &[Flag], names: &[&str]| {
        flags.iter().find(|f| names.contains(&f.name.as_str())).and_then(|f| f.value.clone())
    };
    // llama.cpp's server takes it as `-m` (which also launches Python modules, so only there).
    if positional.is_none() && head.iter().any(|w| is_llama_server(w)) {
        positional = head.iter().position(|w| w == "-m").and_then(|i| head.get(i + 1)).cloned();
    }
    // TGI and LoRAX name it `--model-id`.
    serve.model = positional.or_else(|| get(&flag_list, &["--model", "--model-path", "--model-id", "--model_dir", "--model-dir"]));
    let num = |v: Option<String>| v.and_then(|v| v.parse::<u32>().ok());
    serve.tp = num(get(&flag_list, &["--tp", "--tp-size", "--tensor-parallel-size", "-tp"]));
    let pp = num(get(&flag_list, &["--pp", "--pp-size", "--pipeline-parallel-size", "-pp"]));
    // SGLang's `--enable-dp-attention`: the attention's data-parallel groups are parts of
    // the TP group (`--tp-size 16 --dp-size 16` runs on 16 GPUs, not 256).
    let dp_attention = flag_list.iter().any(|f| f.name == "--enable-dp-attention");
    let dp = num(get(&flag_list, &["--dp", "--dp-size", "--data-parallel-size", "-dp"])).filter(|_| !dp_attention);
    if serve.tp.is_some() || pp.is_some() || dp.is_some() {
        serve.gpu_count = Some(serve.tp.unwrap_or(1) * pp.unwrap_or(1) * dp.unwrap_or(1));
    }
    serve.params.flags.append(&mut flag_list);
}

/// `lmdeploy serve api_server`'s switches (`action='store_true'`: they take no value), from
/// `lmdeploy/cli/serve.py` and `lmdeploy/cli/utils.py` (`ArgumentHelper`); `--enable-metrics`
/// from the releases before `--disable-metrics` replaced it.
const LMDEPLOY_SWITCHES: [&str; 14] = [
    "--allow-credentials", "--ssl", "--disable-fastapi-docs", "--enable-prefix-caching", "--eager-mode", "--enable-microbatch",
    "--enable-eplb", "--enable-metrics", "--disable-metrics", "--disable-vision-encoder", "--allow-terminate-by-client",
    "--enable-abort-handling", "--use-logn-attn", "--stream-output",
];

/// Its options that take a list (`nargs='+'`/`'*'`): argparse gives them every word up to the
/// next option, so the model is never among those words.
const LMDEPLOY_LISTS: [&str; 5] = ["--allow-origins", "--allow-methods", "--allow-headers", "--api-keys", "--adapters"];

/// The index, among the words after `api_server`'s first option, of the positional
/// `model_path`, read as argparse does: an option with `=` or a switch takes no word, a list
/// option takes every word up to the next option, any other option takes one; the first word
/// no option took is the model.
fn lmdeploy_model_after_flags(words: &[&str]) -> Option<usize> {
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        if !w.starts_with('-') {
            return Some(i);
        }
        let name = w.split_once('=').map_or(w, |(n, _)| n);
        i += 1;
        if w.contains('=') || LMDEPLOY_SWITCHES.contains(&name) {
            continue;
        }
        if LMDEPLOY_LISTS.contains(&name) {
            while i < words.len() && !words[i].starts_with('-') {
                i += 1;
            }
        } else if i < words.len() && !words[i].starts_with('-') {
            i += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn finds_the_serve_command_every_command_was_tried_for(
            block in "(vllm|sglang|lmdeploy|docker run|python -m|api_server|trtllm-|serve|ser\\\\ve|entry|points| --tp 2|'|\"|\\\\|\n|\\.| |x){0,24}"
        ) {
            let every = crate::client::joined_commands(&block, 3).into_iter().find_map(|(line, text)| parse_command(&text, line));
            proptest::prop_assert_eq!(parse_serve(&block, 3), every);
        }
    }

    /// SGLang's DP attention splits the TP group; plain data parallelism adds replicas; a
    /// command that stops a server (`pkill -f "vllm serve"`) starts none.
    #[test]
    fn gpus_of_data_parallel_attention_and_of_replicas() {
        let s = parse_serve("python3 -m sglang.launch_server --model-path m --tp-size 16 --dp-size 16 --enable-dp-attention", 1).unwrap();
        assert_eq!((s.tp, s.gpu_count), (Some(16), Some(16)));
        let s = parse_serve("vllm serve m --tensor-parallel-size 8 --data-parallel-size 2", 1).unwrap();
        assert_eq!((s.tp, s.gpu_count), (Some(8), Some(16)));
        assert_eq!(parse_serve("pkill -f \"vllm serve\"", 1), None);
    }

    /// A container started through a shell alias (`drun`, no `docker run` to strip): its
    /// options are the container's, not the engine's flags.
    #[test]
    fn an_aliased_container_s_options_are_no_engine_flags() {
        let s = parse_serve("drun -p 30000:30000 -e HIP_VISIBLE_DEVICES=6 -v /data:/data --entrypoint python lmsysorg/sglang:v0.5.5-rocm -m sglang.launch_server --model-path Qwen/Qwen3-VL-8B-Instruct --host 0.0.0.0 --port 30000", 3).unwrap();
        let names: Vec<&str> = s.params.flags.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["--model-path", "--host", "--port"]);
        assert_eq!(s.model.as_deref(), Some("Qwen/Qwen3-VL-8B-Instruct"));
    }

    #[test]
    fn reads_lmdeploy_command() {
        let s = parse_serve("lmdeploy serve api_server Qwen/Qwen3-235B-A22B-FP8 --tp 4 --enable-metrics --communicator cuda-ipc", 10).unwrap();
        assert_eq!(s.model.as_deref(), Some("Qwen/Qwen3-235B-A22B-FP8"));
        assert_eq!((s.tp, s.gpu_count, s.line, s.template), (Some(4), Some(4), 10, false));
        assert_eq!(s.params.flags.len(), 3);
    }

    /// LMDeploy's `model_path` is an argparse positional: the MetaX guide (index id
    /// 70958032680) writes it among the flags, a Chinese PPU guide (index id 7093165802) after
    /// the switch `--eager-mode`, which takes no value.
    #[test]
    fn reads_lmdeploy_model_written_after_flags() {
        let s = parse_serve("lmdeploy serve api_server --server-port 23333 --tp 1 --backend pytorch --max-batch-size 256 /pde_ai/models/llm/Internlm/internlm2-chat-7b --dtype float16 --device maca --cache-block-seq-len 16", 34).unwrap();
        assert_eq!(s.model.as_deref(), Some("/pde_ai/models/llm/Internlm/internlm2-chat-7b"));
        assert_eq!(s.tp, Some(1));
        let names: Vec<&str> = s.params.flags.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["--server-port", "--tp", "--backend", "--max-batch-size", "--dtype", "--device", "--cache-block-seq-len"]);
        assert_eq!(s.params.flags[3].value.as_deref(), Some("256"));
        let s = parse_serve("lmdeploy serve api_server --backend pytorch --device ppu --eager-mode internlm/internlm2_5-7b-chat", 1).unwrap();
        assert_eq!(s.model.as_deref(), Some("internlm/internlm2_5-7b-chat"));
        assert_eq!(s.params.flags.last().map(|f| (f.name.as_str(), f.value.clone())), Some(("--eager-mode", None)));
        // vLLM's model after an option and its value (index id 43489263684, notes of a run on MI300X).
        let s = parse_serve("VLLM_USE_TRITON_FLASH_ATTN=0 vllm serve -tp 8 meta-llama/Llama-3.1-70B-Instruct --num-scheduler-steps 12 --gpu_memory_utilization=0.96 --max-num-seqs 2048", 19).unwrap();
        assert_eq!((s.model.as_deref(), s.tp), (Some("meta-llama/Llama-3.1-70B-Instruct"), Some(8)));
        // A list option takes every word up to the next option.
        let s = parse_serve("lmdeploy serve api_server --api-keys k1 k2 --tp 2 internlm/internlm2_5-7b-chat", 1).unwrap();
        assert_eq!(s.model.as_deref(), Some("internlm/internlm2_5-7b-chat"));
    }

    #[test]
    fn reads_docker_vllm_command_with_env_and_image() {
        let block = "docker run --runtime nvidia --gpus all \\\n    -v $HF_HOME:/root/.cache \\\n    --env \"HF_HOME=/root/.cache\" \\\n    -p 8000:8000 --ipc=host --rm --name vllm \\\n    vllm/vllm-openai:v0.10.1 \\\n    --model Qwen/Qwen3-32B --tensor-parallel-size 2 \\\n    --host 0.0.0.0";
        let s = parse_serve(block, 44).unwrap();
        assert_eq!(s.params.image.as_deref(), Some("vllm/vllm-openai:v0.10.1"));
        assert_eq!(s.params.env["HF_HOME"], "/root/.cache");
        assert_eq!(s.model.as_deref(), Some("Qwen/Qwen3-32B"));
        assert_eq!(s.tp, Some(2));
        assert_eq!(s.params.flags[0].name, "--model");
        assert!(!s.template, "-v $HF_HOME is docker's, not the server's");
        let s = parse_serve(&block.replace("Qwen/Qwen3-32B", "$MODEL"), 44).unwrap();
        assert!(s.template, "--model $MODEL is a shell variable");
    }

    #[test]
    fn reads_docker_sglang_command() {
        let block = "docker run --gpus all lmsysorg/sglang:v0.5.1-cu126 \\\n  python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 2 --host 0.0.0.0";
        let s = parse_serve(block, 1).unwrap();
        assert_eq!(s.model.as_deref(), Some("openai/gpt-oss-120b"));
        assert_eq!(s.tp, Some(2));
        assert_eq!(s.params.image.as_deref(), Some("lmsysorg/sglang:v0.5.1-cu126"));
    }

    #[test]
    fn ignores_other_shell_commands() {
        assert_eq!(parse_serve("python3 -m pip install lmdeploy==0.10.0", 1), None);
        assert_eq!(parse_serve("docker pull vllm/vllm-openai:v0.10.1", 1), None);
        // A container started for a shell to work in.
        assert_eq!(parse_serve("docker run --name=client --runtime=nvidia -it $img_name /bin/bash", 1), None);
        assert!(parse_serve("docker run --gpus all vllm/vllm-openai:v0.10.1 --model m", 1).is_some());
        // llama.cpp's server, its model after `-m`.
        let llama = parse_serve("~/llama.cpp/build/bin/llama-server -m /models/gguf/Qwen2.5-Coder-32B-Instruct-Q4_K_M.gguf -ngl 99 -fa", 1).expect("a server");
        assert_eq!(llama.model.as_deref(), Some("/models/gguf/Qwen2.5-Coder-32B-Instruct-Q4_K_M.gguf"));
        assert_eq!(crate::context::serve_framework(&llama), Some("llama.cpp"));
        // A log line naming the process is no command.
        assert_eq!(parse_serve("nvidia-smi: llama-server  8620 MiB (GPU0)", 1), None);
        assert!(parse_serve("ROCBLAS_USE_HIPBLASLT=1 build/bin/llama-server -fa on -m /models/x.gguf", 1).is_some());
    }
}
