//! The suggestion for a misspelt city, against brute force: the first map city (in order of
//! first appearance) at the smallest edit distance, letter case ignored, when that distance is
//! at most a third of the query's length in characters (at least 1).

use proptest::prelude::*;
use route::RoadMap;

/// Levenshtein distance over the full table.
fn levenshtein(a: &[char], b: &[char]) -> usize {
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitute = d[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = substitute.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
        }
    }
    d[a.len()][b.len()]
}

fn lower(s: &str) -> Vec<char> {
    s.chars().flat_map(char::to_lowercase).collect()
}

fn expected<'a>(cities: &[&'a str], query: &str) -> Option<&'a str> {
    let wanted = lower(query);
    let limit = (wanted.len() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for &city in cities {
        let d = levenshtein(&wanted, &lower(city));
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, city));
        }
    }
    best.map(|(_, city)| city)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn closest_name_matches_brute_force(
        cities in prop::collection::vec("[abAB\u{c4}\u{e4}]{1,9}", 1..12),
        query in "[abAB\u{c4}\u{e4}]{0,10}",
    ) {
        let mut text = String::new();
        for pair in cities.chunks(2) {
            let other = pair.get(1).unwrap_or(&pair[0]);
            text.push_str(&format!("{} {} 1\n", pair[0], other));
        }
        let map = RoadMap::parse(&text, "m").unwrap();
        // The map's cities in order of first appearance.
        let order: Vec<&str> = (0..map.city_count() as u32).map(|c| map.name(c)).collect();
        prop_assert_eq!(map.closest_name(&query), expected(&order, &query));
    }
}

#[test]
fn closest_names_by_hand() {
    let map = RoadMap::parse("Bremen Kassel 1\nBerlin Bern 1\nUlm Essen 1\n", "m").unwrap();
    // Equal distances: the first city on the map wins.
    assert_eq!(map.closest_name("Bern_"), Some("Bern"));
    assert_eq!(map.closest_name("Berlinn"), Some("Berlin"));
    assert_eq!(map.closest_name("ULM"), Some("Ulm"));
    assert_eq!(map.closest_name("Um"), Some("Ulm"));
    // Two edits in five characters: more than a third.
    assert_eq!(map.closest_name("Kasxx"), None);
    assert_eq!(map.closest_name("Bremxn"), Some("Bremen"));
    assert_eq!(map.closest_name("Xssen"), Some("Essen"));
}
