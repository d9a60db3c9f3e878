// A greeting, or a question with no subject to pick out, is titled with the user's own words: the
// lead-in is dropped only when a subject is left after it.
import t from 'tap'
import { offlineTitle } from '../../server/services/llm/offline-model.ts'

t.test('greetings and subjectless questions keep their own words', async (t) => {
  t.equal(offlineTitle('Hello there'), 'Hello there')
  t.equal(offlineTitle('hello there!'), 'Hello there')
  t.equal(offlineTitle('Hi!'), 'Hi')
  t.equal(offlineTitle('Hey everyone.'), 'Hey everyone')
  t.equal(offlineTitle('What is this?'), 'What is this?')
  t.equal(offlineTitle('Good morning, how are you?'), 'Good morning, how are you?')
  t.equal(offlineTitle('Hi, how are you doing today?'), 'Hi, how are you doing today?')
  t.equal(offlineTitle("Hello! What's up?"), 'Hello')
})

t.test('a greeting before a real request still gives way to its subject', async (t) => {
  t.equal(offlineTitle('Hello there, tell me about the history of tea.'), 'The history of tea')
  t.equal(offlineTitle('Hi, can you explain how HTTP caching works?'), 'How HTTP caching works?')
  t.equal(offlineTitle('Good morning, describe the water cycle'), 'The water cycle')
  t.equal(offlineTitle('History of tea'), 'History of tea', 'a word starting like a greeting is no greeting')
  t.equal(offlineTitle('Hey there is a bug in my code'), 'There is a bug…', 'the "there" of a sentence is not the one greeted')
})
