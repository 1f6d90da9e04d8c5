import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../src/client/lib/request';
import { useFormErrors } from '../../../src/client/lib/useFormErrors';

type Field = 'name' | 'phone';

const setup = () => renderHook(() => useFormErrors<Field>());

describe('useFormErrors', () => {
  it('shows a set of errors, answering whether any is set, and translates message keys', () => {
    const { result } = setup();
    expect(result.current.hasErrors).toBe(false);

    let invalid = false;
    act(() => {
      invalid = result.current.show({ name: 'required', phone: undefined });
    });
    expect(invalid).toBe(true);
    expect(result.current.hasErrors).toBe(true);
    expect(result.current.errors).toEqual({ name: 'required', phone: undefined });
    // A message key is shown in the active language; a text is shown as it is.
    expect(result.current.text('name')).toBe('此项为必填项');
    expect(result.current.text('phone')).toBeUndefined();

    act(() => {
      invalid = result.current.show({ phone: undefined });
    });
    expect(invalid).toBe(false);
    expect(result.current.hasErrors).toBe(false);
  });

  it('sets and clears one field, leaving the others; reset clears all', () => {
    const { result } = setup();
    act(() => result.current.show({ name: 'required', phone: '号码不对' }));
    act(() => result.current.clear('name'));
    expect(result.current.errors).toEqual({ name: undefined, phone: '号码不对' });
    expect(result.current.text('phone')).toBe('号码不对');
    expect(result.current.hasErrors).toBe(true);

    act(() => result.current.setField('name', '已存在'));
    expect(result.current.text('name')).toBe('已存在');

    // Clearing a field without an error keeps the same errors object (no re-render).
    const before = result.current.errors;
    act(() => result.current.clear());
    expect(result.current.errors).toBe(before);

    act(() => result.current.reset());
    expect(result.current.errors).toEqual({});
    expect(result.current.hasErrors).toBe(false);
  });

  it("puts a service refusal under the field its envelope key names, else answers the form's text", () => {
    const { result } = setup();
    const fieldOf = (key: string | undefined) => (key === 'phoneInvalid' ? 'phone' : null);

    let rest: string | null = 'unset';
    act(() => {
      rest = result.current.fromError(new RequestError('code', '手机号格式不正确', 1001, 'phoneInvalid'), fieldOf);
    });
    expect(rest).toBeNull();
    expect(result.current.text('phone')).toBe('手机号格式不正确');

    act(() => {
      rest = result.current.fromError(new RequestError('code', '名称重复', 1002, 'duplicateName'), fieldOf);
    });
    expect(rest).toBe('名称重复');
    act(() => {
      rest = result.current.fromError(new Error('boom'), () => 'name');
    });
    expect(rest).toBe('boom');
    // Without a mapping every refusal is the form's.
    act(() => {
      rest = result.current.fromError(new RequestError('code', '手机号格式不正确', 1001, 'phoneInvalid'));
    });
    expect(rest).toBe('手机号格式不正确');
    expect(result.current.errors).toEqual({ phone: '手机号格式不正确' });
  });

  it('hands the error text to the mapping (fields named in the message)', () => {
    const { result } = setup();
    act(() => {
      result.current.fromError(new RequestError('code', 'name: too long', 1003), (_key, message) =>
        message.startsWith('name:') ? 'name' : null,
      );
    });
    expect(result.current.errors.name).toBe('name: too long');
  });
});
