import { StampedAnswers } from './stamped-answers.js';

describe('StampedAnswers', () => {
  it('gives an answer back only for the stamp it was kept under', () => {
    const answers = new StampedAnswers<string>(1000);
    answers.set('v1', 'name=zelda', 'a', 10);
    expect(answers.get('v1', 'name=zelda')).toBe('a');
    expect(answers.get('v2', 'name=zelda')).toBeUndefined();
    expect(answers.get('v1', 'name=mario')).toBeUndefined();
  });

  it('forgets every answer of an older stamp when one of a new stamp is kept', () => {
    const answers = new StampedAnswers<string>(1000);
    answers.set('v1', 'name=zelda', 'a', 10);
    answers.set('v2', 'name=mario', 'b', 10);
    expect(answers.get('v1', 'name=zelda')).toBeUndefined();
    expect(answers.get('v2', 'name=mario')).toBe('b');
    expect(answers.size).toBe(1);
  });

  it('starts again empty past its bound of bytes', () => {
    const answers = new StampedAnswers<string>(25);
    answers.set('v1', 'a', 'a', 10);
    answers.set('v1', 'b', 'b', 10);
    expect(answers.size).toBe(2);
    answers.set('v1', 'c', 'c', 10);
    expect(answers.size).toBe(1);
    expect(answers.get('v1', 'a')).toBeUndefined();
    expect(answers.get('v1', 'c')).toBe('c');
  });
});
