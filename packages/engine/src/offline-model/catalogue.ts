import type { AppSpecInput } from '../spec/app-spec';

export interface AppTemplate {
  readonly id: string;
  readonly name: string;
  /** What the app does, in one or two sentences for its landing page. */
  readonly description: string;
  /** Word stems and their weight: a description word starting with the stem scores it. */
  readonly keywords: readonly (readonly [stem: string, weight: number])[];
  readonly spec: AppSpecInput;
}

const GRADES = ['Primary (ages 5–11)', 'Lower secondary (ages 11–14)', 'Upper secondary (ages 14–18)', 'University', 'Adult learners'];

export const DEFAULT_TEMPLATE_ID = 'assistant';

/** The offline model's catalogue; the first template wins ties, the last one is the default. */
export const APP_TEMPLATES: readonly AppTemplate[] = [
  {
    id: 'lesson-planner',
    name: 'Lesson planner',
    description: 'Plans a lesson from a subject, a topic, the learners’ level and the time available, with an optional homework task.',
    keywords: [
      ['lesson', 3], ['teach', 2], ['teacher', 1], ['classroom', 2], ['curricul', 2], ['syllabus', 2], ['lecture', 2],
      ['plan', 1], ['pupil', 2], ['student', 1], ['objective', 1], ['school', 1],
    ],
    spec: {
      entryStepId: 'about-lesson',
      steps: [
        {
          id: 'about-lesson',
          kind: 'input',
          title: 'About the lesson',
          config: {
            intro: 'Tell us what you are teaching and to whom.',
            fields: [
              { type: 'text', name: 'subject', label: 'Subject', required: true, placeholder: 'Biology', maxLength: 100 },
              { type: 'text', name: 'topic', label: 'Topic', required: true, placeholder: 'Photosynthesis', maxLength: 200 },
              { type: 'choice', name: 'level', label: 'Learners', required: true, options: GRADES },
              { type: 'number', name: 'minutes', label: 'Lesson length (minutes)', required: true, min: 10, max: 240, integer: true },
              { type: 'long_text', name: 'objectives', label: 'Learning objectives (optional)', maxLength: 2000 },
            ],
          },
          next: { type: 'step' },
        },
        {
          id: 'write-plan',
          kind: 'ai',
          title: 'Write the plan',
          config: {
            system: 'You are an experienced teacher who writes clear, practical lesson plans.',
            prompt:
              'Write a lesson plan of {{minutes}} minutes on {{topic}} ({{subject}}) for {{level}}.\n' +
              'Learning objectives from the teacher (may be empty): {{objectives}}\n\n' +
              'Include: objectives, materials, a timed sequence of activities (starter, main, plenary), differentiation and a short check for understanding.',
            outputVariable: 'plan',
            outputFormat: 'markdown',
            settings: { temperature: 0.6, maxOutputTokens: 1500 },
          },
        },
        {
          id: 'show-plan',
          kind: 'output',
          title: 'Your lesson plan',
          config: { template: '# {{topic}}: lesson plan\n\n{{plan}}' },
          next: {
            type: 'choices',
            prompt: 'Anything else?',
            buttons: [
              { label: 'Add a homework task', goto: 'write-homework' },
              { label: 'Done', goto: 'end' },
            ],
          },
        },
        {
          id: 'write-homework',
          kind: 'ai',
          title: 'Write homework',
          config: {
            prompt: 'Write one homework task (about 20 minutes) that follows this lesson plan, with a short success checklist.\n\n{{plan}}',
            outputVariable: 'homework',
            outputFormat: 'markdown',
          },
        },
        { id: 'show-homework', kind: 'output', title: 'Homework', config: { template: '## Homework\n\n{{homework}}' }, next: { type: 'end' } },
      ],
    },
  },
  {
    id: 'quiz-maker',
    name: 'Quiz maker',
    description: 'Makes a quiz with answers on any topic, at the difficulty you choose, and another one on request.',
    keywords: [
      ['quiz', 3], ['trivia', 3], ['exam', 2], ['test', 1], ['question', 1], ['multiple', 1], ['flashcard', 2], ['revis', 1],
      ['assess', 1], ['practice', 1],
    ],
    spec: {
      entryStepId: 'quiz-settings',
      steps: [
        {
          id: 'quiz-settings',
          kind: 'input',
          title: 'Quiz settings',
          config: {
            fields: [
              { type: 'text', name: 'topic', label: 'Topic', required: true, placeholder: 'The water cycle', maxLength: 200 },
              { type: 'number', name: 'question_count', label: 'Number of questions', required: true, min: 1, max: 20, integer: true },
              { type: 'choice', name: 'difficulty', label: 'Difficulty', required: true, options: ['Easy', 'Medium', 'Hard'] },
            ],
          },
        },
        {
          id: 'write-quiz',
          kind: 'ai',
          title: 'Write the quiz',
          config: {
            prompt:
              'Write a multiple-choice quiz of {{question_count}} questions on {{topic}}, difficulty: {{difficulty}}. ' +
              'Give four options per question, then an answer key with a one-line explanation per answer. ' +
              'If asked again, use different questions.',
            outputVariable: 'quiz',
            outputFormat: 'markdown',
            settings: { temperature: 0.8, maxOutputTokens: 2000 },
          },
        },
        {
          id: 'show-quiz',
          kind: 'output',
          title: 'Your quiz',
          config: { template: '# Quiz: {{topic}}\n\n{{quiz}}' },
          next: {
            type: 'choices',
            buttons: [
              { label: 'Make another quiz', goto: 'write-quiz' },
              { label: 'Finish', goto: 'end' },
            ],
          },
        },
      ],
    },
  },
  {
    id: 'essay-feedback',
    name: 'Essay feedback',
    description: 'Gives quick or detailed feedback on an essay: strengths, what to improve, and next steps.',
    keywords: [
      ['essay', 3], ['feedback', 2], ['proofread', 2], ['critique', 2], ['rubric', 2], ['writing', 1], ['mark', 1],
      ['grade', 1], ['review', 1], ['assignment', 1], ['paper', 1],
    ],
    spec: {
      entryStepId: 'the-essay',
      steps: [
        {
          id: 'the-essay',
          kind: 'input',
          title: 'Your essay',
          config: {
            fields: [
              { type: 'long_text', name: 'essay', label: 'Essay', required: true, minLength: 50, maxLength: 20000 },
              { type: 'text', name: 'assignment', label: 'The question or assignment (optional)', maxLength: 500 },
              { type: 'choice', name: 'level', label: 'Level', required: true, options: GRADES },
              { type: 'choice', name: 'depth', label: 'Feedback', required: true, options: ['Quick', 'Detailed'] },
            ],
          },
          next: {
            type: 'conditions',
            conditions: [{ when: { variable: 'depth', op: 'eq', value: 'Quick' }, goto: 'quick-feedback' }],
            otherwise: 'detailed-feedback',
          },
        },
        {
          id: 'quick-feedback',
          kind: 'ai',
          title: 'Quick feedback',
          config: {
            system: 'You are a supportive writing tutor. Be specific and kind.',
            prompt:
              'Give quick feedback on this essay (writer level: {{level}}). Assignment (may be empty): {{assignment}}\n\n' +
              'Essay:\n{{essay}}\n\nReply with two strengths and two things to improve, one line each.',
            outputVariable: 'quick_notes',
            outputFormat: 'markdown',
          },
          next: { type: 'step', stepId: 'show-quick' },
        },
        {
          id: 'detailed-feedback',
          kind: 'ai',
          title: 'Detailed feedback',
          config: {
            system: 'You are a supportive writing tutor. Be specific and kind.',
            prompt:
              'Give detailed feedback on this essay (writer level: {{level}}). Assignment (may be empty): {{assignment}}\n\n' +
              'Essay:\n{{essay}}\n\nCover structure, argument, evidence, style and accuracy, quote the essay where useful, and end with three next steps.',
            outputVariable: 'detailed_notes',
            outputFormat: 'markdown',
            settings: { temperature: 0.5, maxOutputTokens: 2500 },
          },
          next: { type: 'step', stepId: 'show-detailed' },
        },
        { id: 'show-quick', kind: 'output', title: 'Feedback', config: { template: '# Feedback\n\n{{quick_notes}}' }, next: { type: 'end' } },
        { id: 'show-detailed', kind: 'output', title: 'Detailed feedback', config: { template: '# Detailed feedback\n\n{{detailed_notes}}' }, next: { type: 'end' } },
      ],
    },
  },
  {
    id: 'summariser',
    name: 'Summariser',
    description: 'Summarises a text in one sentence, a short paragraph or bullet points, for the audience you name.',
    keywords: [
      ['summar', 3], ['tldr', 3], ['condens', 2], ['shorten', 2], ['digest', 1], ['abstract', 1], ['article', 1],
      ['notes', 1], ['key', 1], ['gist', 2], ['report', 1],
    ],
    spec: {
      entryStepId: 'the-text',
      steps: [
        {
          id: 'the-text',
          kind: 'input',
          title: 'What to summarise',
          config: {
            fields: [
              { type: 'long_text', name: 'text', label: 'Text', required: true, maxLength: 20000 },
              { type: 'choice', name: 'length', label: 'Summary length', required: true, options: ['One sentence', 'Short paragraph', 'Bullet points'] },
              { type: 'text', name: 'audience', label: 'Who is it for? (optional)', placeholder: 'Busy managers', maxLength: 200 },
            ],
          },
        },
        {
          id: 'summarise',
          kind: 'ai',
          title: 'Summarise',
          config: {
            prompt: 'Summarise the text below as: {{length}}. Audience (may be empty): {{audience}}. Keep names, numbers and dates exact.\n\n{{text}}',
            outputVariable: 'summary',
            outputFormat: 'markdown',
            settings: { temperature: 0.3, maxOutputTokens: 800 },
          },
        },
        { id: 'show-summary', kind: 'output', title: 'Summary', config: { template: '## Summary\n\n{{summary}}' } },
      ],
    },
  },
  {
    id: 'translator',
    name: 'Translator',
    description: 'Translates text into the language and register you choose, and explains tricky phrases on request.',
    keywords: [
      ['translat', 3], ['language', 2], ['multilingual', 2], ['locali', 2], ['spanish', 2], ['french', 2], ['german', 2],
      ['italian', 2], ['chinese', 2], ['japanese', 2], ['portuguese', 2], ['arabic', 2], ['english', 1],
    ],
    spec: {
      entryStepId: 'source',
      steps: [
        {
          id: 'source',
          kind: 'input',
          title: 'What to translate',
          config: {
            fields: [
              { type: 'long_text', name: 'text', label: 'Text', required: true, maxLength: 10000 },
              {
                type: 'choice',
                name: 'language',
                label: 'Translate into',
                required: true,
                options: ['English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Dutch', 'Polish', 'Chinese', 'Japanese', 'Arabic'],
              },
              { type: 'choice', name: 'register', label: 'Register', required: true, options: ['Neutral', 'Formal', 'Informal'] },
              { type: 'yes_no', name: 'explain', label: 'Explain tricky phrases?' },
            ],
          },
        },
        {
          id: 'translate',
          kind: 'ai',
          title: 'Translate',
          config: {
            system: 'You are a professional translator. Translate meaning, not word for word.',
            prompt: 'Translate the text below into {{language}} in this register: {{register}}. Reply with the translation only.\n\n{{text}}',
            outputVariable: 'translation',
            outputFormat: 'text',
            settings: { temperature: 0.2, maxOutputTokens: 3000 },
          },
          next: {
            type: 'conditions',
            conditions: [{ when: { variable: 'explain', op: 'eq', value: true }, goto: 'explain-phrases' }],
            otherwise: 'show-translation',
          },
        },
        {
          id: 'explain-phrases',
          kind: 'ai',
          title: 'Explain tricky phrases',
          config: {
            prompt: 'List up to five phrases in this translation into {{language}} that a learner might find tricky, each with a short explanation.\n\nOriginal:\n{{text}}\n\nTranslation:\n{{translation}}',
            outputVariable: 'notes',
            outputFormat: 'markdown',
          },
          next: { type: 'step', stepId: 'show-with-notes' },
        },
        { id: 'show-translation', kind: 'output', title: 'Translation', config: { template: '## {{language}}\n\n{{translation}}' }, next: { type: 'end' } },
        {
          id: 'show-with-notes',
          kind: 'output',
          title: 'Translation and notes',
          config: { template: '## {{language}}\n\n{{translation}}\n\n## Tricky phrases\n\n{{notes}}' },
          next: { type: 'end' },
        },
      ],
    },
  },
  {
    id: 'email-writer',
    name: 'Email writer',
    description: 'Drafts an email from its purpose, recipient and tone, and makes it shorter if you ask.',
    keywords: [
      ['email', 3], ['mail', 2], ['letter', 2], ['outreach', 2], ['newsletter', 1], ['reply', 1], ['message', 1],
      ['inbox', 2], ['cover', 1], ['follow', 1], ['correspondence', 2],
    ],
    spec: {
      entryStepId: 'email-details',
      steps: [
        {
          id: 'email-details',
          kind: 'input',
          title: 'About the email',
          config: {
            fields: [
              { type: 'long_text', name: 'purpose', label: 'What is the email for?', required: true, maxLength: 2000 },
              { type: 'text', name: 'recipient', label: 'Who is it to?', required: true, placeholder: 'My landlord', maxLength: 200 },
              { type: 'choice', name: 'tone', label: 'Tone', required: true, options: ['Formal', 'Friendly', 'Firm', 'Apologetic'] },
              { type: 'long_text', name: 'key_points', label: 'Points to include (optional)', maxLength: 2000 },
            ],
          },
        },
        {
          id: 'draft-email',
          kind: 'ai',
          title: 'Draft the email',
          config: {
            prompt:
              'Write an email to {{recipient}} in this tone: {{tone}}. Purpose: {{purpose}}\nPoints to include (may be empty): {{key_points}}\n\n' +
              'Give a subject line first ("Subject: …"), then the email. Keep it under 200 words.',
            outputVariable: 'email',
            outputFormat: 'markdown',
          },
        },
        {
          id: 'show-email',
          kind: 'output',
          title: 'Your draft',
          config: { template: '{{email}}' },
          next: {
            type: 'choices',
            buttons: [
              { label: 'Make it shorter', goto: 'shorten-email' },
              { label: 'Looks good', goto: 'end' },
            ],
          },
        },
        {
          id: 'shorten-email',
          kind: 'ai',
          title: 'Shorten the email',
          config: { prompt: 'Rewrite this email at half the length, keeping the subject line, the tone and every request.\n\n{{email}}', outputVariable: 'short_email', outputFormat: 'markdown' },
        },
        { id: 'show-short-email', kind: 'output', title: 'Shorter draft', config: { template: '{{short_email}}' }, next: { type: 'end' } },
      ],
    },
  },
  {
    id: 'interview-coach',
    name: 'Interview coach',
    description: 'Asks you a practice interview question for the role you want, then gives feedback on your answer.',
    keywords: [
      ['interview', 3], ['job', 1], ['hiring', 1], ['candidate', 2], ['recruit', 1], ['career', 1], ['mock', 2], ['coach', 2],
      ['practis', 1], ['rehears', 2], ['star', 1],
    ],
    spec: {
      entryStepId: 'the-role',
      steps: [
        {
          id: 'the-role',
          kind: 'input',
          title: 'The role',
          config: {
            fields: [
              { type: 'text', name: 'role', label: 'Role you are applying for', required: true, placeholder: 'Junior data analyst', maxLength: 200 },
              { type: 'choice', name: 'experience', label: 'Your experience', required: true, options: ['Student or graduate', 'Some experience', 'Experienced'] },
              { type: 'choice', name: 'focus', label: 'Question type', required: true, options: ['Behavioural', 'Technical', 'Mixed'] },
            ],
          },
        },
        {
          id: 'ask-question',
          kind: 'ai',
          title: 'Ask a question',
          config: {
            system: 'You are a friendly but realistic interview coach.',
            prompt: 'Ask one {{focus}} interview question for a candidate for the role of {{role}} ({{experience}}). Ask only the question; if asked again, ask a different one.',
            outputVariable: 'question',
            outputFormat: 'markdown',
            settings: { temperature: 0.9, maxOutputTokens: 300 },
          },
        },
        {
          id: 'your-answer',
          kind: 'input',
          title: 'Your answer',
          config: {
            intro: 'Answer as you would in the interview.',
            fields: [{ type: 'long_text', name: 'answer', label: 'Your answer', required: true, minLength: 20, maxLength: 5000 }],
          },
        },
        {
          id: 'give-feedback',
          kind: 'ai',
          title: 'Feedback on your answer',
          config: {
            system: 'You are a friendly but realistic interview coach.',
            prompt:
              'Role: {{role}} ({{experience}}).\nQuestion: {{question}}\nCandidate answer: {{answer}}\n\n' +
              'Give feedback: what worked, what was missing (use the STAR method for behavioural questions), and a stronger example answer.',
            outputVariable: 'feedback',
            outputFormat: 'markdown',
          },
        },
        {
          id: 'show-feedback',
          kind: 'output',
          title: 'Feedback',
          config: { template: '**Question:** {{question}}\n\n{{feedback}}' },
          next: {
            type: 'choices',
            buttons: [
              { label: 'Another question', goto: 'ask-question' },
              { label: 'Finish', goto: 'end' },
            ],
          },
        },
      ],
    },
  },
  {
    id: 'recipe-helper',
    name: 'Recipe helper',
    description: 'Suggests a recipe from the ingredients you have, your diet and your time, with a shopping-free method.',
    keywords: [
      ['recipe', 3], ['cook', 3], ['meal', 2], ['ingredient', 2], ['dinner', 2], ['lunch', 2], ['breakfast', 2], ['food', 2],
      ['kitchen', 2], ['bake', 2], ['baking', 2], ['fridge', 2], ['vegan', 1], ['vegetarian', 1], ['diet', 1],
    ],
    spec: {
      entryStepId: 'pantry',
      steps: [
        {
          id: 'pantry',
          kind: 'input',
          title: 'What you have',
          config: {
            fields: [
              { type: 'long_text', name: 'ingredients', label: 'Ingredients you have', required: true, placeholder: 'eggs, spinach, feta', maxLength: 2000 },
              { type: 'choice', name: 'diet', label: 'Diet', required: true, options: ['No restrictions', 'Vegetarian', 'Vegan', 'Gluten-free', 'Dairy-free'] },
              { type: 'number', name: 'minutes', label: 'Time available (minutes)', required: true, min: 5, max: 300, integer: true },
              { type: 'number', name: 'servings', label: 'Servings', min: 1, max: 12, integer: true },
            ],
          },
        },
        {
          id: 'suggest-recipe',
          kind: 'ai',
          title: 'Suggest a recipe',
          config: {
            system: 'You are a practical home cook. Only use the listed ingredients plus basic pantry items (salt, pepper, oil, water).',
            prompt: 'Suggest one {{diet}} recipe that takes at most {{minutes}} minutes and serves {{servings}} (1 if empty), using: {{ingredients}}',
            outputVariable: 'recipe',
            outputFormat: 'json',
            jsonFields: [
              { name: 'title', type: 'string', description: 'the dish name' },
              { name: 'ingredients', type: 'string_list', description: 'each with a quantity' },
              { name: 'steps', type: 'string_list', description: 'short numbered-method steps, in order' },
              { name: 'minutes', type: 'number', description: 'total time in minutes' },
            ],
          },
        },
        {
          id: 'show-recipe',
          kind: 'output',
          title: 'Your recipe',
          config: {
            template: '# {{recipe.title}}\n\n**Time:** {{recipe.minutes}} minutes\n\n**Ingredients:** {{recipe.ingredients}}\n\n**Method:** {{recipe.steps}}',
          },
          next: { type: 'end' },
        },
      ],
    },
  },
  {
    id: DEFAULT_TEMPLATE_ID,
    name: 'AI assistant',
    description: 'Answers a request with the context you give it.',
    keywords: [
      ['assistant', 1], ['help', 1], ['answer', 1], ['chat', 1], ['ask', 1],
    ],
    spec: {
      entryStepId: 'request',
      steps: [
        {
          id: 'request',
          kind: 'input',
          title: 'Your request',
          config: {
            fields: [
              { type: 'long_text', name: 'request', label: 'What do you need?', required: true, maxLength: 5000 },
              { type: 'long_text', name: 'context', label: 'Anything the assistant should know (optional)', maxLength: 10000 },
            ],
          },
        },
        {
          id: 'answer',
          kind: 'ai',
          title: 'Answer',
          config: {
            system: 'You are a helpful, accurate assistant. Say so when you are unsure.',
            prompt: '{{request}}\n\nContext (may be empty):\n{{context}}',
            outputVariable: 'answer',
            outputFormat: 'markdown',
          },
        },
        { id: 'show-answer', kind: 'output', title: 'Answer', config: { template: '{{answer}}' } },
      ],
    },
  },
];
