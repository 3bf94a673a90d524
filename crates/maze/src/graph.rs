//! Labelled graphs in the data format of `romania1_graph.txt` and `hampton_cpbs_graph.txt`.
//!
//! - `NAME -> SUCC SUCC ...` (unit costs) or `NAME -> SUCC:COST ...` (arc costs): a node's
//!   successors in the platform's rule order. `?COST:NAME` is a reversed pair as a typo in the
//!   source had it (read as `NAME:COST`). A graph uses arc costs on every arc or on none.
//! - `h NAME VALUE`: the heuristic (every node needs one).
//! - `root NAME`, `goal NAME...`: the root and goal nodes. Without these lines, the comments
//!   are read for the forms `root: NAME` / `goal: NAME` and `NAME = ... (root)` /
//!   `NAME = goal`.
//! - A file may hold a second graph over the same names: its successor lines are those whose
//!   name is `w` + the name of a node of the first graph (`wA -> B:0.75 C:7`). Both share the
//!   `h` table, root and goal.
//! - Blank lines and lines starting with `#` are comments.

use crate::error::{Error, LineError, at};
use crate::num::Num;
use crate::problem::Platform;
use search_core::{DenseStates, SearchProblem};
use std::collections::HashMap;

/// A labelled graph: nodes `0..n` with names, ordered successors with arc costs, heuristic,
/// root and goals.
#[derive(Debug, Clone)]
pub struct Graph {
    names: Vec<String>,
    successors: Vec<Vec<(u32, Num)>>,
    h: Vec<Num>,
    goal: Vec<bool>,
    root: u32,
    weighted: bool,
}

impl Graph {
    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no node (never true for a parsed graph).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name of node `id`.
    pub fn name(&self, id: u32) -> &str {
        &self.names[id as usize]
    }

    /// The node named `name`.
    pub fn id(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// Whether arcs carry their own costs (`false`: unit costs).
    pub fn weighted(&self) -> bool {
        self.weighted
    }
}

impl SearchProblem for Graph {
    type State = u32;
    /// The index of the arc in the node's successor list.
    type Action = u32;
    type Cost = Num;

    fn start(&self) -> u32 {
        self.root
    }
    fn is_goal(&self, state: &u32) -> bool {
        self.goal[*state as usize]
    }
    fn successors(&self, state: &u32, mut visit: impl FnMut(u32, u32, Num)) {
        for (k, &(to, cost)) in self.successors[*state as usize].iter().enumerate() {
            visit(k as u32, to, cost);
        }
    }
    fn heuristic(&self, state: &u32) -> Num {
        self.h[*state as usize]
    }
    fn dense_states(&self) -> Option<&impl DenseStates<u32>> {
        Some(self)
    }
}

impl DenseStates<u32> for Graph {
    fn state_count(&self) -> usize {
        self.names.len()
    }
    fn state_index(&self, state: &u32) -> usize {
        *state as usize
    }
}

impl Platform for Graph {
    fn unit_costs(&self) -> bool {
        !self.weighted
    }
    /// `{Name}`, with `G` for a goal and `...` when the node has successors.
    fn write_state(&self, state: &u32, out: &mut String) {
        let i = *state as usize;
        out.push('{');
        out.push_str(&self.names[i]);
        if self.goal[i] {
            out.push('G');
        }
        if !self.successors[i].is_empty() {
            out.push_str("...");
        }
        out.push('}');
    }
}

/// A successor line as read: line number, node name, successor tokens.
struct SuccLine<'a> {
    line: usize,
    name: &'a str,
    tokens: Vec<&'a str>,
}

/// A named reference with the line it is on.
type Named<'a> = (usize, &'a str);

/// Parses a graph file: one graph, or two (the second from the `w` lines); see the module docs.
///
/// # Errors
/// [`Error::Line`] ([`LineError::BadLine`], [`LineError::UndefinedNode`],
/// [`LineError::DuplicateNode`], [`LineError::MissingHeuristic`]), [`Error::Unstated`].
pub fn parse_graphs(text: &str, file: &str) -> Result<Vec<Graph>, Error> {
    let mut reader = Reader::new(file);
    for (index, raw) in text_input::strip_bom(text).lines().enumerate() {
        reader.read(index + 1, raw.trim())?;
    }
    reader.graphs()
}

/// The lines of a graph file as read, before the graphs are built.
struct Reader<'t, 'f> {
    file: &'f str,
    lines: Vec<SuccLine<'t>>,
    h_lines: Vec<(usize, &'t str, &'t str)>,
    root: Option<Named<'t>>,
    goals: Vec<Named<'t>>,
    comment_root: Option<Named<'t>>,
    comment_goal: Option<Named<'t>>,
}

impl<'t, 'f> Reader<'t, 'f> {
    fn new(file: &'f str) -> Self {
        Reader {
            file,
            lines: Vec::new(),
            h_lines: Vec::new(),
            root: None,
            goals: Vec::new(),
            comment_root: None,
            comment_goal: None,
        }
    }

    fn bad(&self, line: usize, token: &str, why: &'static str) -> Error {
        let token = token.to_owned();
        at(self.file, line, LineError::BadLine { token, why })
    }

    /// Takes in one trimmed line.
    fn read(&mut self, line: usize, text: &'t str) -> Result<(), Error> {
        if text.is_empty() {
            return Ok(());
        }
        if let Some(comment) = text.strip_prefix('#') {
            let (r, g) = stated_in_comment(comment);
            self.comment_root = self.comment_root.or(r.map(|r| (line, r)));
            self.comment_goal = self.comment_goal.or(g.map(|g| (line, g)));
            return Ok(());
        }
        if let Some((left, right)) = text.split_once("->") {
            let name = left.trim();
            if name.is_empty() || name.contains(char::is_whitespace) {
                return Err(self.bad(line, name, "expected one node name before `->`"));
            }
            let tokens = right.split_whitespace().collect();
            self.lines.push(SuccLine { line, name, tokens });
            return Ok(());
        }
        self.keyword_line(line, text)
    }

    /// An `h`, `root` or `goal` line.
    fn keyword_line(&mut self, line: usize, text: &'t str) -> Result<(), Error> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        match tokens[..] {
            ["h", name, value] => self.h_lines.push((line, name, value)),
            ["h", ..] => return Err(self.bad(line, text, "expected `h NAME VALUE`")),
            ["root", name] => self.root = Some((line, name)),
            ["root", ..] => return Err(self.bad(line, text, "expected `root NAME`")),
            ["goal", ref names @ ..] if !names.is_empty() => {
                self.goals.extend(names.iter().map(|n| (line, *n)));
            }
            _ => {
                return Err(self.bad(
                    line,
                    tokens[0],
                    "expected `NAME -> SUCCESSORS`, `h NAME VALUE`, `root NAME` or `goal NAME`",
                ));
            }
        }
        Ok(())
    }

    /// The root and goals, from their own lines or else from comments.
    fn root_and_goals(&mut self) -> Result<Named<'t>, Error> {
        let unstated = |what| Error::Unstated {
            file: self.file.to_owned(),
            what,
        };
        let root = self
            .root
            .or(self.comment_root)
            .ok_or_else(|| unstated("root"))?;
        if self.goals.is_empty() {
            self.goals.extend(self.comment_goal);
        }
        if self.goals.is_empty() {
            return Err(unstated("goal"));
        }
        Ok(root)
    }

    /// The plain graph, and the `w` graph when the file has one.
    fn graphs(mut self) -> Result<Vec<Graph>, Error> {
        let root = self.root_and_goals()?;
        // Split the successor lines into the plain graph and the `w` graph.
        let plain_names: Vec<&str> = self.lines.iter().map(|l| l.name).collect();
        let is_weighted_copy = |name: &str| {
            name.strip_prefix('w')
                .is_some_and(|rest| !rest.is_empty() && plain_names.contains(&rest))
        };
        let (mut first, mut second) = (Vec::new(), Vec::new());
        for l in std::mem::take(&mut self.lines) {
            if is_weighted_copy(l.name) {
                second.push(SuccLine {
                    name: &l.name[1..],
                    ..l
                });
            } else {
                first.push(l);
            }
        }
        let context = Context {
            file: self.file,
            h_lines: &self.h_lines,
            root,
            goals: &self.goals,
        };
        let mut graphs = vec![context.build(&first)?];
        if !second.is_empty() {
            graphs.push(context.build(&second)?);
        }
        Ok(graphs)
    }
}

/// What the graphs of one file share.
struct Context<'a, 'f> {
    file: &'f str,
    h_lines: &'a [(usize, &'a str, &'a str)],
    root: Named<'a>,
    goals: &'a [Named<'a>],
}

/// Node ids by name.
type Ids<'l> = HashMap<&'l str, u32>;

impl Context<'_, '_> {
    /// One graph from its successor lines.
    fn build(&self, lines: &[SuccLine<'_>]) -> Result<Graph, Error> {
        let ids = self.ids(lines)?;
        let weighted = lines
            .iter()
            .flat_map(|l| &l.tokens)
            .any(|t| t.contains(':'));
        let successors = lines
            .iter()
            .map(|l| {
                l.tokens
                    .iter()
                    .map(|&token| self.arc(&ids, weighted, l.line, token))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        let h = self.heuristics(&ids, lines)?;
        let root = self.lookup(&ids, self.root.0, self.root.1)?;
        let mut goal = vec![false; lines.len()];
        for &(line, name) in self.goals {
            goal[self.lookup(&ids, line, name)? as usize] = true;
        }
        Ok(Graph {
            names: lines.iter().map(|l| l.name.to_owned()).collect(),
            successors,
            h,
            goal,
            root,
            weighted,
        })
    }

    fn bad(&self, line: usize, token: &str, why: &'static str) -> Error {
        let token = token.to_owned();
        at(self.file, line, LineError::BadLine { token, why })
    }

    /// Numbers the nodes in the order of their lines; a name defined twice is an error.
    fn ids<'l>(&self, lines: &[SuccLine<'l>]) -> Result<Ids<'l>, Error> {
        let mut ids = Ids::new();
        for l in lines {
            if ids.insert(l.name, ids.len() as u32).is_some() {
                let token = l.name.to_owned();
                return Err(at(self.file, l.line, LineError::DuplicateNode { token }));
            }
        }
        Ok(ids)
    }

    fn lookup(&self, ids: &Ids<'_>, line: usize, name: &str) -> Result<u32, Error> {
        ids.get(name).copied().ok_or_else(|| {
            let token = name.to_owned();
            at(self.file, line, LineError::UndefinedNode { token })
        })
    }

    /// One successor token: `NAME`, `NAME:COST` or the reversed `?COST:NAME`.
    fn arc(
        &self,
        ids: &Ids<'_>,
        weighted: bool,
        line: usize,
        token: &str,
    ) -> Result<(u32, Num), Error> {
        let (name, cost) = match token.strip_prefix('?') {
            Some(rest) => match rest.split_once(':') {
                Some((cost, name)) => (name, Some(cost)),
                None => (rest, None),
            },
            None => match token.rsplit_once(':') {
                Some((name, cost)) => (name, Some(cost)),
                None => (token, None),
            },
        };
        let cost = match (weighted, cost) {
            (false, _) => Num::Int(1),
            (true, None) => {
                let why = "expected NAME:COST (this graph has arc costs)";
                return Err(self.bad(line, token, why));
            }
            (true, Some(c)) => match Num::parse(c) {
                None => return Err(self.bad(line, token, "expected NAME:COST with a number")),
                Some(cost) if cost.is_negative() => {
                    return Err(self.bad(line, token, "arc costs must not be negative"));
                }
                Some(cost) => cost,
            },
        };
        Ok((self.lookup(ids, line, name)?, cost))
    }

    /// Every node's `h` value; a node without one is an error.
    fn heuristics(&self, ids: &Ids<'_>, lines: &[SuccLine<'_>]) -> Result<Vec<Num>, Error> {
        let mut h: Vec<Option<Num>> = vec![None; lines.len()];
        for &(line, name, value) in self.h_lines {
            let id = self.lookup(ids, line, name)?;
            let value =
                Num::parse(value).ok_or_else(|| self.bad(line, value, "expected a number"))?;
            h[id as usize] = Some(value);
        }
        h.into_iter()
            .zip(lines)
            .map(|(value, l)| {
                value.ok_or_else(|| {
                    let token = l.name.to_owned();
                    at(self.file, l.line, LineError::MissingHeuristic { token })
                })
            })
            .collect()
    }
}

/// Root and goal stated in a comment: `root: NAME`, `goal: NAME`, `NAME = ... (root)`,
/// `NAME = goal ...`.
fn stated_in_comment(comment: &str) -> (Option<&str>, Option<&str>) {
    let after_key = |key: &str| {
        comment.match_indices(key).find_map(|(at, _)| {
            let before_ok = comment[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !is_name_char(c));
            let word = leading_word(comment[at + key.len()..].trim_start());
            (before_ok && !word.is_empty()).then_some(word)
        })
    };
    let mut root = after_key("root:");
    let mut goal = after_key("goal:");
    for clause in comment.split([',', ';']) {
        if let Some((left, right)) = clause.split_once(" = ") {
            let name = trailing_word(left.trim_end());
            if name.is_empty() {
                continue;
            }
            let right = right.trim();
            if root.is_none() && right.contains("(root)") {
                root = Some(name);
            }
            if goal.is_none() && right.split_whitespace().next() == Some("goal") {
                goal = Some(name);
            }
        }
    }
    (root, goal)
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn leading_word(text: &str) -> &str {
    let end = text.find(|c| !is_name_char(c)).unwrap_or(text.len());
    &text[..end]
}

fn trailing_word(text: &str) -> &str {
    let start = text
        .char_indices()
        .rev()
        .find(|&(_, c)| !is_name_char(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    &text[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parsed_graph_has_its_nodes() {
        let g = &parse_graphs("root A\ngoal B\nA -> B\nB -> \nh A 1\nh B 0\n", "g").unwrap()[0];
        assert_eq!((g.len(), g.is_empty()), (2, false));
        assert_eq!((g.name(0), g.name(1)), ("A", "B"));
        assert!(g.unit_costs() && !g.weighted());
        // The root is wherever it is named, and costs after a colon make the graph weighted.
        let text = "root B\ngoal A\nA -> B:2\nB -> A:3\nh A 0\nh B 1\n";
        let g = &parse_graphs(text, "g").unwrap()[0];
        assert_eq!(g.id("B"), Some(1));
        assert_eq!(g.start(), 1);
        assert!(!g.unit_costs() && g.weighted());
    }

    #[test]
    fn an_arc_line_needs_exactly_one_name_before_the_arrow() {
        for bad in ["-> B", "A C -> B"] {
            let text = format!("root A\ngoal B\n{bad}\nB -> \nh A 1\nh B 0\n");
            let err = parse_graphs(&text, "g").unwrap_err().to_string();
            assert!(
                err.contains("expected one node name before `->`"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn comments_state_root_and_goal() {
        assert_eq!(
            stated_in_comment(" format: X -> Y:1   (goal: Bucharest; root: Arad; rulemaker(4))"),
            (Some("Arad"), Some("Bucharest"))
        );
        assert_eq!(
            stated_in_comment(" solution, Oct 2014). A = entrance (root), M = goal (centre)."),
            (Some("A"), Some("M"))
        );
        assert_eq!(
            stated_in_comment(" B->A costs 75 (A->B is .75)"),
            (None, None)
        );
        // A key inside a longer word, or followed by no name, states nothing; a later one
        // still counts.
        assert_eq!(
            stated_in_comment(" subroot: X, endgoal: Y, root: (none), goal: Z, root: A"),
            (Some("A"), Some("Z"))
        );
        assert_eq!(stated_in_comment(" uproot: X, goal:"), (None, None));
        // `root:` and `goal:` come before the `NAME = ...` forms; a clause of neither form
        // states nothing.
        assert_eq!(
            stated_in_comment(" root: A, goal: G, B = start (root), C = goal"),
            (Some("A"), Some("G"))
        );
        assert_eq!(stated_in_comment(" x = 5; y = 6 goals"), (None, None));
    }

    #[test]
    fn reads_two_graphs_and_the_reversed_pair() {
        let text = "# A = start (root), C = goal\nA -> B C\nB -> A\nC -> \n\
                    wA -> B:0.5 ?2:C\nwB -> A:1\nwC -> \nh A 1\nh B 1.5\nh C 0\n";
        let graphs = parse_graphs(text, "g.txt").unwrap();
        assert_eq!(graphs.len(), 2);
        let (a, b) = (&graphs[0], &graphs[1]);
        assert!(!a.weighted() && b.weighted());
        assert_eq!(a.start(), 0);
        assert!(a.is_goal(&2));
        let mut arcs = Vec::new();
        b.successors(&0, |_, to, cost| arcs.push((to, cost.to_string())));
        assert_eq!(arcs, [(1, "0.5".to_owned()), (2, "2".to_owned())]);
        let mut out = String::new();
        a.write_state(&0, &mut out);
        a.write_state(&2, &mut out);
        assert_eq!(out, "{A...}{CG}");
    }

    #[test]
    fn errors_name_file_line_and_token() {
        let e = parse_graphs("root A\ngoal B\nA -> B\nB -> Q\nh A 1\nh B 0\n", "g.txt");
        let e = e.unwrap_err();
        assert_eq!(e.to_string(), "g.txt:4: undefined node `Q`");
        let Error::Line(located) = e else {
            panic!("{e}")
        };
        assert_eq!((located.file.as_str(), located.line), ("g.txt", 4));
        assert_eq!(
            located.error,
            LineError::UndefinedNode {
                token: "Q".to_owned()
            }
        );
        let e = parse_graphs("root A\ngoal B\nA -> B\nB -> A\nh A 1\nh Z 0\n", "g.txt");
        assert_eq!(e.unwrap_err().to_string(), "g.txt:6: undefined node `Z`");
        let e = parse_graphs("root A\ngoal Z\nA -> B\nB -> A\nh A 1\nh B 0\n", "g.txt");
        assert_eq!(e.unwrap_err().to_string(), "g.txt:2: undefined node `Z`");
        let e = parse_graphs(
            "root A\ngoal B\nA -> B:x\nB -> A:1\nh A 1\nh B 0\n",
            "g.txt",
        );
        assert!(
            e.unwrap_err()
                .to_string()
                .starts_with("g.txt:3: cannot read `B:x`")
        );
        // Negative arc costs are refused (zero is allowed), also in the reversed form.
        for (arcs, bad) in [
            ("B:-2", Some("B:-2")),
            ("?-0.5:B", Some("?-0.5:B")),
            ("B:0", None),
        ] {
            let text = format!("root A\ngoal B\nA -> {arcs}\nB -> A:1\nh A 1\nh B 0\n");
            match (parse_graphs(&text, "g.txt"), bad) {
                (Err(e), Some(token)) => assert_eq!(
                    e.to_string(),
                    format!("g.txt:3: cannot read `{token}`: arc costs must not be negative")
                ),
                (Ok(g), None) => assert_eq!(g[0].len(), 2),
                (other, _) => panic!("{arcs}: {other:?}"),
            }
        }
        let e = parse_graphs("root A\ngoal B\nA -> B:1\nB -> A\nh A 1\nh B 0\n", "g.txt");
        assert!(
            e.unwrap_err()
                .to_string()
                .starts_with("g.txt:4: cannot read `A`")
        );
        let e = parse_graphs("root A\ngoal B\nA -> B\nB -> A\nh A 1\n", "g.txt");
        assert_eq!(
            e.unwrap_err().to_string(),
            "g.txt:4: node `B` has no `h` entry"
        );
        let e = parse_graphs("goal B\nA -> B\nB -> A\nh A 1\nh B 0\n", "g.txt");
        assert!(
            e.unwrap_err()
                .to_string()
                .starts_with("g.txt: no root stated")
        );
        let e = parse_graphs("root A\ngoal B\nA -> B\nfoo bar\n", "g.txt");
        assert!(
            e.unwrap_err()
                .to_string()
                .starts_with("g.txt:4: cannot read `foo`")
        );
    }

    #[test]
    fn keyword_lines_with_the_wrong_number_of_words_are_refused() {
        // Each keyword's own message, naming the whole line: not the generic one for an
        // unknown first word.
        let cases = [
            ("h A", "g.txt:5: cannot read `h A`: expected `h NAME VALUE`"),
            (
                "h A 1 2",
                "g.txt:5: cannot read `h A 1 2`: expected `h NAME VALUE`",
            ),
            ("root", "g.txt:5: cannot read `root`: expected `root NAME`"),
            (
                "root A B",
                "g.txt:5: cannot read `root A B`: expected `root NAME`",
            ),
        ];
        for (line, want) in cases {
            let text = format!("root A\ngoal B\nA -> B\nB -> A\n{line}\nh A 1\nh B 0\n");
            let err = parse_graphs(&text, "g.txt").unwrap_err().to_string();
            assert_eq!(err, want, "{line}");
        }
    }

    #[test]
    fn a_goal_line_needs_a_name() {
        // A bare `goal` is a bad line even when a comment states the goal.
        let text = "# goal: B\nroot A\nA -> B\nB -> A\ngoal\nh A 1\nh B 0\n";
        let err = parse_graphs(text, "g.txt").unwrap_err().to_string();
        assert!(err.starts_with("g.txt:5: cannot read `goal`"), "{err}");
        // Several names on one line are all goals.
        let text = "root A\nA -> B C\nB -> A\nC -> \ngoal B C\nh A 1\nh B 0\nh C 0\n";
        let g = &parse_graphs(text, "g.txt").unwrap()[0];
        assert!(g.is_goal(&1) && g.is_goal(&2) && !g.is_goal(&0));
    }

    #[test]
    fn a_w_name_is_a_second_graph_only_over_a_plain_name() {
        // `wall` is a node of its own: there is no node `all`.
        let text = "root A\ngoal wall\nA -> wall\nwall -> A\nh A 1\nh wall 0\n";
        let graphs = parse_graphs(text, "g.txt").unwrap();
        assert_eq!(graphs.len(), 1);
        assert_eq!(graphs[0].len(), 2);
        assert_eq!(graphs[0].id("wall"), Some(1));
        // A node named just `w` is a node too.
        let text = "root A\ngoal w\nA -> w\nw -> A\nh A 1\nh w 0\n";
        let graphs = parse_graphs(text, "g.txt").unwrap();
        assert_eq!((graphs.len(), graphs[0].len()), (1, 2));
    }
}
