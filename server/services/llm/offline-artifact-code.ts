// The code artifacts of the offline demo model: a small, working program about the request's
// subject in the language asked for (Python when none is), the same every time.

/** The languages the demo writes code in, by the words that ask for them (first: the default). */
export const CODE_LANGUAGES = [
  { language: 'python', asked: /\bpython\b/i },
  { language: 'javascript', asked: /\b(javascript|js|node(?:\.?js)?)\b/i },
  { language: 'typescript', asked: /\b(typescript|ts)\b/i },
  { language: 'rust', asked: /\brust\b/i },
  { language: 'go', asked: /\b(golang|go)\b(?!\s+(?:on|ahead|back|through|to)\b)/i },
  { language: 'sql', asked: /\bsql\b/i },
] as const

/** A string literal that JavaScript, TypeScript, Python, Rust and Go all read the same. */
export const jsString = (text: string) => JSON.stringify(text).replace(/[\u2028\u2029]/g, ' ')

export function codeOf(language: string, title: string, subject: string): string {
  const topic = subject.replace(/\s+/g, ' ').trim()
  const quoted = jsString(topic)
  switch (language) {
    case 'javascript':
    case 'typescript': {
      const ts = language === 'typescript'
      return `// ${title}
// Counts the words and letters of a topic, and prints a small report.

function report(topic${ts ? ': string' : ''})${ts ? ': string' : ''} {
  const words = topic.split(/\\s+/).filter(Boolean)
  const letters = [...topic].filter((ch) => /\\p{L}/u.test(ch)).length
  const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '')
  return [\`Topic: \${topic}\`, \`Words: \${words.length}\`, \`Letters: \${letters}\`, \`Longest word: \${longest}\`].join('\\n')
}

console.log(report(${quoted}))
`
    }
    case 'rust':
      return `// ${title}
// Counts the words and letters of a topic, and prints a small report.

fn main() {
    let topic = ${quoted};
    let words: Vec<&str> = topic.split_whitespace().collect();
    let letters = topic.chars().filter(|c| c.is_alphabetic()).count();
    let longest = words.iter().max_by_key(|w| w.chars().count()).unwrap_or(&"");
    println!("Topic: {}", topic);
    println!("Words: {}", words.len());
    println!("Letters: {}", letters);
    println!("Longest word: {}", longest);
}
`
    case 'go':
      return `// ${title}
// Counts the words and letters of a topic, and prints a small report.
package main

import (
\t"fmt"
\t"strings"
\t"unicode"
)

func main() {
\ttopic := ${quoted}
\twords := strings.Fields(topic)
\tletters := 0
\tfor _, r := range topic {
\t\tif unicode.IsLetter(r) {
\t\t\tletters++
\t\t}
\t}
\tfmt.Println("Topic:", topic)
\tfmt.Println("Words:", len(words))
\tfmt.Println("Letters:", letters)
}
`
    case 'sql':
      return `-- ${title}
-- A table of the words of a topic, and a report of them.
CREATE TABLE words (position INTEGER PRIMARY KEY, word TEXT NOT NULL);

INSERT INTO words (position, word) VALUES
${(topic.split(' ').filter(Boolean).length > 0 ? topic.split(' ').filter(Boolean) : ['topic']).slice(0, 10).map((word, index) => `  (${index + 1}, '${word.replace(/'/g, "''")}')`).join(',\n')};

SELECT word, LENGTH(word) AS letters FROM words ORDER BY letters DESC, position;
`
    default:
      return `"""${title.replace(/"""/g, '')}

Counts the words and letters of a topic, and prints a small report.
"""


def report(topic: str) -> str:
    words = topic.split()
    letters = sum(1 for ch in topic if ch.isalpha())
    longest = max(words, key=len, default="")
    return "\\n".join([f"Topic: {topic}", f"Words: {len(words)}", f"Letters: {letters}", f"Longest word: {longest}"])


if __name__ == "__main__":
    print(report(${quoted}))
`
  }
}
